/**
 * The „Kündigen“ dialog of the members' Abo tab (spec 003 §4–§5, §7): the server's refusal is
 * shown as it words it, and a chosen period end is sent with the deletion choice and the staff name.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { SessionProvider, useSession } from '../../app/session';
import { AboKuendigung } from './AboKuendigung';

const ANNA = { id: 2, kennnummer: 'akademie', name: 'Anna Akademie', verband: 2, login: 'akademie' };
const gesendet: { url: string; method: string; body: unknown }[] = [];

function server() {
  gesendet.length = 0;
  globalThis.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (method === 'DELETE') gesendet.push({ url, method, body: JSON.parse(String(init?.body)) });
    const fehlt =
      method === 'DELETE' &&
      url.endsWith('/storno') &&
      gesendet.at(-1)?.body &&
      (gesendet.at(-1)!.body as { storno_turnus_id: unknown }).storno_turnus_id == null;
    const [status, body] =
      url === '/node/loginInfo'
        ? [200, ANNA]
        : fehlt
          ? [400, { statusCode: 400, message: 'Bitte wählen Sie ein Kündigungsdatum!' }]
          : url.startsWith('/node/api/wb-abo-turnus')
            ? [
                200,
                [
                  { id: 11, von: '2026-01-01', bis: '2026-01-31' },
                  { id: 12, von: '2026-02-01', bis: '2026-02-28' },
                ],
              ]
            : url.startsWith('/node/api/wb-abo/')
              ? [200, { id: 5, instant_storno: false }]
              : [200, {}];
    return {
      ok: status < 300,
      status,
      headers: { get: () => null },
      json: async () => body,
      text: async () => JSON.stringify(body),
    };
  }) as unknown as typeof fetch;
}

function Dialog({ buchung, close }: { buchung: Record<string, unknown>; close: (g: boolean) => void }) {
  return useSession().user ? <AboKuendigung buchung={buchung} close={close} /> : null;
}

const zeige = (buchung: Record<string, unknown>, close = jest.fn()) => {
  render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <SessionProvider>
        <Dialog buchung={buchung} close={close} />
      </SessionProvider>
    </SWRConfig>,
  );
  return close;
};

describe('the Abo cancellation dialog', () => {
  beforeEach(server);

  it('shows the server’s refusal, then cancels at the chosen period end', async () => {
    const close = zeige({ id: 7, wb_abo_id: 5, storno_valid_from: null });
    await screen.findByRole('option', { name: '01.02.2026 – 28.02.2026' }, { timeout: 10_000 });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Kündigen' })));
    expect(await screen.findByText('Bitte wählen Sie ein Kündigungsdatum!')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Kündigung zum Ende des Turnus'), { target: { value: '12' } });
    fireEvent.click(screen.getByLabelText('Unabgerechnete Vorgänge löschen'));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Kündigen' })));
    expect(gesendet.at(-1)).toEqual({
      url: '/node/api/wb-abo-buchung/7/storno',
      method: 'DELETE',
      body: { admin: 'Anna Akademie', storno_turnus_id: 12, date: null, delete_unsettled_transactions: true },
    });
    expect(close).toHaveBeenCalledWith(true);
  });
});
