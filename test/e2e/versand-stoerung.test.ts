/// <reference lib="dom" />
/**
 * Issue 31 in Chromium: the dispatcher screen during trouble. The mail server accepts one
 * recipient and turns the other away for now (451); the screen says, live, that the other waits,
 * with the mail server's answer and the time of the next try; stopped, it says the send is halted.
 * Screenshots in test-results/screenshots/versand-stoerung/.
 */
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink';
import { eventually, hasText, visible } from './support/browser';
import { browserSession } from './support/session';

type Row = Record<string, unknown> & { id: number };
const SPAETER = 'spaeter@stoerung.test';

let smtp: SmtpSink;
beforeAll(async () => {
  smtp = await startSmtpSink({
    refuse: (address) =>
      address === SPAETER ? { code: 451, text: 'Postfach voll, bitte später' } : undefined,
  });
});
afterAll(() => smtp?.stop());
// A retry far away: the waiting row stays waiting while the screen is looked at.
const session = browserSession('versand-stoerung', () => ({
  MAIL_URL: smtp.url,
  NEWSLETTER_RETRY_MS: '3600000',
}));
const { api } = session;

describe('the dispatcher screen during trouble', () => {
  it('says why a recipient waits: the mail server’s answer and the next try, then the stop', async () => {
    const { page, server } = session;
    const neu = (resource: string, body: Record<string, unknown>) =>
      api<Row>('POST', `/api/${resource}`, body).then((r) => r.id);
    const gruppe = await neu('benutzer-gruppe', { name: 'Störung', typ: 'NWG', zuordnung: 'benutzer' });
    const mitglieder: number[] = [];
    for (const [i, email] of ['angenommen@stoerung.test', SPAETER].entries()) {
      const id = await neu('benutzer', { nachname: `Empfänger ${i}` });
      // The first e-mail becomes the primary one (issue 35).
      await neu('benutzer-email', { benutzer_id: id, email });
      mitglieder.push(id);
    }
    await api('POST', `/api/benutzer-gruppe/${gruppe}/benutzers`, mitglieder);
    const absender = await neu('newsletter-absender', {
      name: 'Störungsdienst',
      email: 'news@stoerung.test',
    });
    const newsletter = await neu('newsletter', {
      titel: 'Störungstest',
      betreff: 'Wartende Empfänger',
      newsletter_absender_id: absender,
      body: '<p>Hallo</p>',
      Benutzer_Gruppes: [gruppe],
    });
    const dispatcher = await neu('newsletter-dispatcher', {
      newsletter_id: newsletter,
      versand_time: new Date().toISOString(),
    });
    const anzahl = await api<{ anzahl: number }>('GET', `/api/newsletter/${newsletter}/empfaenger`);
    expect(anzahl.anzahl).toBe(2);
    await eventually(async () => {
      const stand = await api<Row>('GET', `/api/newsletter-dispatcher/${dispatcher}`);
      expect(stand).toMatchObject({ sent: 1, versendet: false });
    });

    await page.goto(`${server.url}/#/newsletter/dispatcher/${dispatcher}`);
    const gruende = page.locator('.dispatcher-wartegruende');
    await hasText(
      gruende,
      /1 Empfänger hat der Mailserver vorübergehend abgewiesen \(Antwort des Mailservers: „[^“]*451 Postfach voll, bitte später“\); nächster Versuch um \d\d:\d\d Uhr\./,
    );
    await session.shot('wartet-auf-mailserver');

    await page.getByRole('button', { name: 'Versand anhalten' }).click();
    const frage = page.locator('.bp6-alert');
    await hasText(frage.locator('.bp6-alert-contents'), /Diesen Versand anhalten\?/);
    await frage.getByRole('button', { name: 'Ja' }).click();
    await hasText(gruende, /Der Versand ist angehalten: 1 Empfänger warten, bis er fortgesetzt wird\./);
    await visible(page.getByRole('button', { name: 'Versand fortsetzen' }));
    await session.shot('angehalten');
  });
});
