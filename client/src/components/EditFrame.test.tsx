/**
 * Issue 26: an edit window whose save is refused for want of a right stays open with what was
 * entered, shows the server's reason and keeps the user logged in (the save fails as a 409 does);
 * only a save that finds the session gone logs out and goes to the login page (spec 000 §8).
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { NICHT_ANGEMELDET } from '../../../common/anmeldung';
import { SessionProvider, useSession } from '../app/session';
import type { FieldDef, Row } from '../resources/types';
import { EditFrame, SaveButtons, useEditRecord } from './EditFrame';
import { FieldForm } from './FieldForm';

const FELDER: FieldDef[] = [
  { name: 'nachname', label: 'Nachname' },
  { name: 'atr_verband_admin', label: 'Administrator', type: 'boolean' },
];

const ANNA = { id: 2, kennnummer: 'akademie', name: 'Anna Akademie', verband: 2, login: 'akademie' };

function BenutzerFenster() {
  const { user } = useSession();
  const edit = useEditRecord<Row>({ resource: 'benutzer', listPath: '/benutzer/benutzer', id: '7' });
  return (
    <>
      <p data-testid="angemeldet">{user ? user.name : 'abgemeldet'}</p>
      <EditFrame title="Benutzer 7" loading={edit.loading} footer={<SaveButtons edit={edit} />}>
        <FieldForm fields={FELDER} record={edit.record} errors={edit.errors} onChange={edit.change} />
      </EditFrame>
    </>
  );
}

/** The server: who is logged in, Benutzer 7, and `refusal` as the answer to saving it. */
function server(refusal: object) {
  const saves: unknown[] = [];
  globalThis.fetch = jest.fn(async (url: string, init: RequestInit) => {
    const [status, body] =
      url === '/node/loginInfo'
        ? [200, ANNA]
        : init.method === 'PUT'
          ? (saves.push(JSON.parse(String(init.body))), [403, refusal])
          : [200, { id: 7, nachname: 'Muster', atr_verband_admin: false, version: 1 }];
    return {
      ok: status < 300,
      status,
      headers: { get: () => null },
      json: async () => body,
      text: async () => JSON.stringify(body),
    };
  }) as unknown as typeof fetch;
  return saves;
}

const eingabe = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

async function oeffnenAendernSpeichern() {
  window.location.hash = '#/benutzer/benutzer/7';
  render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <SessionProvider>
        <BenutzerFenster />
      </SessionProvider>
    </SWRConfig>,
  );
  expect(await screen.findByDisplayValue('Muster')).toBeTruthy();
  expect((await screen.findByTestId('angemeldet')).textContent).toBe('Anna Akademie');
  fireEvent.change(eingabe('Nachname'), { target: { value: 'Musterfrau' } });
  fireEvent.click(eingabe('Administrator'));
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Speichern' })));
}

describe('a refused save in an edit window', () => {
  it('keeps the window with the entered values, shows why, and stays logged in', async () => {
    const reason = 'Nur Administratoren dürfen Administratorrechte vergeben oder entziehen.';
    const saves = server({ statusCode: 403, code: 'NUR_ADMIN', message: reason });
    await oeffnenAendernSpeichern();
    expect(saves).toEqual([expect.objectContaining({ nachname: 'Musterfrau', atr_verband_admin: true })]);
    expect(await screen.findByText(reason)).toBeTruthy();
    expect(eingabe('Nachname').value).toBe('Musterfrau');
    expect(eingabe('Administrator').checked).toBe(true);
    expect(screen.getByTestId('angemeldet').textContent).toBe('Anna Akademie');
    expect(window.location.hash).toBe('#/benutzer/benutzer/7');
    // Not busy: the next save can be tried at once.
    expect(
      screen.getByRole('button', { name: 'Speichern' }).closest('[aria-busy]')?.getAttribute('aria-busy'),
    ).toBe('false');
  });

  it('logs out and goes to the login page when the session is gone', async () => {
    server({ statusCode: 403, code: NICHT_ANGEMELDET, message: 'Sie sind nicht angemeldet.' });
    await oeffnenAendernSpeichern();
    expect(window.location.hash).toBe(`#/login?redirect=${encodeURIComponent('/benutzer/benutzer/7')}`);
    expect(screen.getByTestId('angemeldet').textContent).toBe('abgemeldet');
    expect(screen.queryByText('Sie sind nicht angemeldet.')).toBeNull();
  });
});
