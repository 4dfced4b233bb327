/**
 * Issue 28 in Chromium: an administrator opens „Verbandsdaten“ from the menu, enters the
 * association's data, a wrong IBAN is refused at its field in German with nothing saved, the
 * corrected data is saved with the contact for invoices an XRechnung names. Screenshots in test-results/screenshots/verbandsdaten/ to be looked at.
 */
import { eventually, hasText, hasValue, visible } from './support/browser';
import { browserSession } from './support/session';

const session = browserSession('verbandsdaten');
const feld = (name: string) => session.page.locator(`[id="verbandsdaten-${name}"]`);

describe('the settings „Verbandsdaten“', () => {
  it('are entered by an administrator; a wrong IBAN is refused at its field in German', async () => {
    const { page } = session;
    await page.getByRole('menu', { name: 'Hauptmenü' }).getByText('Verbandsdaten', { exact: true }).click();
    await page.waitForURL(/#\/verbandsdaten$/);
    await visible(page.getByRole('heading', { name: 'Verbandsdaten' }));
    await hasValue(feld('befreiungsgruende.seminare'), 'Umsatzsteuerfrei nach § 4 Nr. 22a UStG');

    await feld('name').fill('Steuerberaterverband Düsseldorf e. V.');
    await feld('strasse').fill('Grafenberger Allee 98');
    await feld('plz').fill('40237');
    await feld('ort').fill('Düsseldorf');
    await feld('steuernummer').fill('103/5701/0815');
    await feld('iban').fill('DE89 3704 0044 0532 0130 01');
    await feld('glaeubiger_id').fill('DE98ZZZ09999999999');
    await page.getByRole('button', { name: 'Speichern' }).click();
    const fehler = page.locator('.bp6-form-group.bp6-intent-danger').filter({ has: feld('iban') });
    await hasText(
      fehler.locator('.bp6-form-helper-text'),
      'ist ungültig: die Prüfsumme stimmt nicht (Tippfehler?)',
    );
    await hasText(page.locator('.verbandsdaten .bp6-callout.bp6-intent-danger'), /„IBAN“ ist ungültig/);
    expect((await session.api<{ strasse: string }>('GET', '/api/verbandsdaten')).strasse).toBe('');
    await session.shot('iban-falsch');

    await feld('iban').fill('DE89 3704 0044 0532 0130 00');
    await feld('kontakt_name').fill('Birgit Buchhaltung');
    await feld('kontakt_telefon').fill('+49 211 669070');
    await feld('kontakt_email').fill('rechnungen@stbv-duesseldorf.example');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await visible(page.locator('.bp6-toast').filter({ hasText: 'Verbandsdaten gespeichert' }));
    await hasValue(feld('iban'), 'DE89370400440532013000');
    await eventually(async () =>
      expect(await session.api('GET', '/api/verbandsdaten')).toMatchObject({
        name: 'Steuerberaterverband Düsseldorf e. V.',
        steuernummer: '103/5701/0815',
        iban: 'DE89370400440532013000',
        kontakt_name: 'Birgit Buchhaltung',
        kontakt_telefon: '+49 211 669070',
        kontakt_email: 'rechnungen@stbv-duesseldorf.example',
        bearbeitbar: true,
      }),
    );
    await session.shot('gespeichert');
  });
});
