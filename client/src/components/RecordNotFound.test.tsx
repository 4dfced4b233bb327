/**
 * Issue 35: an edit route of a record that does not exist (deleted, merged, mistyped) shows the
 * 404 page with the way back to its list, never an editable empty form; and a tab frame remembers
 * the tab per record, not one for all records of the type (spec 000 §2).
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { SessionProvider, useSession } from '../app/session';
import type { FieldDef, Row } from '../resources/types';
import { EditFrame, SaveButtons, TabFrame, useEditRecord } from './EditFrame';
import { FieldForm } from './FieldForm';

const ANNA = { id: 2, kennnummer: 'akademie', name: 'Anna Akademie', verband: 2, login: 'akademie' };
const FELDER: FieldDef[] = [{ name: 'nachname', label: 'Nachname' }];

function server() {
  globalThis.fetch = jest.fn(async (url: string) => {
    const [status, body] =
      url === '/node/loginInfo'
        ? [200, ANNA]
        : url.startsWith('/node/api/benutzer/99999')
          ? [404, { statusCode: 404, message: 'Eintrag 99999 in „Benutzer“ wurde nicht gefunden.' }]
          : [200, { id: 7, nachname: 'Muster', version: 1 }];
    return {
      ok: status < 300,
      status,
      headers: { get: () => null },
      json: async () => body,
      text: async () => JSON.stringify(body),
    };
  }) as unknown as typeof fetch;
}

function Fenster({ id }: { id: string }) {
  const edit = useEditRecord<Row>({ resource: 'benutzer', listPath: '/benutzer/benutzer', id });
  return (
    <EditFrame
      title={`Benutzer ${id}`}
      loading={edit.loading}
      notFound={edit.notFound}
      onBack={edit.close}
      footer={<SaveButtons edit={edit} />}
    >
      <FieldForm fields={FELDER} record={edit.record} onChange={edit.change} />
    </EditFrame>
  );
}

const mitSitzung = (children: React.ReactNode) => (
  <SWRConfig value={{ provider: () => new Map() }}>
    <SessionProvider>{children}</SessionProvider>
  </SWRConfig>
);

describe('an edit route of a record that does not exist', () => {
  beforeEach(server);

  it('shows "Eintrag nicht gefunden" without a form, and leads back to the list', async () => {
    window.location.hash = '#/benutzer/benutzer/99999';
    render(mitSitzung(<Fenster id="99999" />));
    expect(await screen.findByText('Eintrag nicht gefunden')).toBeTruthy();
    expect(screen.queryByLabelText('Nachname')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Speichern' })).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Zurück zur Liste' })));
    expect(window.location.hash).toBe('#/benutzer/benutzer');
  });

  it('shows the form of a record that exists', async () => {
    window.location.hash = '#/benutzer/benutzer/7';
    render(mitSitzung(<Fenster id="7" />));
    expect(await screen.findByDisplayValue('Muster')).toBeTruthy();
    expect(screen.queryByText('Eintrag nicht gefunden')).toBeNull();
  });
});

describe('the tab memory', () => {
  beforeEach(() => {
    server();
    localStorage.clear();
  });

  const TABS = [
    { id: 'grunddaten', title: 'Grunddaten', panel: <p>Grunddaten</p> },
    { id: 'preise', title: 'Preise', panel: <p>Preise</p> },
  ];
  /** Tabs are remembered per logged-in user: they show once the session is known. */
  function Reiter({ route }: { route: string }) {
    return useSession().user ? <TabFrame tabs={TABS} route={route} /> : null;
  }
  const selected = () => screen.getByRole('tab', { selected: true }).textContent;

  it('reopens each record on its own last tab', async () => {
    const eins = render(mitSitzung(<Reiter route="/seminare/veranstaltung/1" />));
    await screen.findByRole('tab', { name: 'Preise' });
    fireEvent.click(screen.getByRole('tab', { name: 'Preise' }));
    expect(selected()).toBe('Preise');
    eins.unmount();

    const zwei = render(mitSitzung(<Reiter route="/seminare/veranstaltung/2" />));
    await screen.findByRole('tab', { name: 'Preise' });
    expect(selected()).toBe('Grunddaten');
    zwei.unmount();

    render(mitSitzung(<Reiter route="/seminare/veranstaltung/1" />));
    await screen.findByRole('tab', { name: 'Preise' });
    expect(selected()).toBe('Preise');
  });
});
