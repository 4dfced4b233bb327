import { MailDeliveryError } from '../../platform/mail/mailer';
import { parseCsv } from '../../platform/csv/csv-format';
import { DomainError } from '../../shared/domain-error';
import { Bestelluebersichten } from './bestelluebersichten';
import type { BillingTx, Buchungsvorgang } from './ports/abrechnungsspeicher';
import { AbrechnungsspeicherInMemory, NEUER_VORGANG } from './ports/abrechnungsspeicher.testing';
import { EMAIL_VERSENDET } from './rechnungs-dokument';
import { Postausgang } from './rechnungs-dokument.testing';

const ANNA = 10;
const BERT = 11;
const OHNE_EMAIL = 12;
const SEMINAR = 7;
const EVENT = 70;
const ABO = 3;

const adresse = null;
const konto = null;

function aufbau() {
  const speicher = new AbrechnungsspeicherInMemory();
  const t = speicher.tabellen;
  t.objekte.set(`Benutzer:${ANNA}`, {
    anzeigename: 'Kanzlei Anna',
    kennnummer: 'K-10',
    email: 'anna@example.de',
  });
  t.objekte.set(`Benutzer:${BERT}`, { anzeigename: 'Bert Berater', kennnummer: 'K-11', email: null });
  t.objekte.set(`Benutzer:${OHNE_EMAIL}`, { anzeigename: 'Otto Ohne', kennnummer: null });
  t.objekte.set(`Veranstaltung:${SEMINAR}`, { titel: 'Steuerrecht aktuell', lg_id: 'LG 12' });
  t.objekte.set(`WB_Abo:${ABO}`, { titel: 'Steuerbrief', lg_id: null });
  t.events.set(EVENT, SEMINAR);
  t.rechnungen.push({ id: 500, rechnungs_nr: 'RE-2026-500' } as (typeof t.rechnungen)[number]);
  let id = 1;
  const vorgang = (werte: Partial<Buchungsvorgang>) =>
    t.vorgaenge.push({ ...NEUER_VORGANG, id: id++, category: 'seminare', ...werte });
  // Anna: two current bookings of the seminar (one on its event, invoiced), an earlier version and a
  // cancelled one; Bert: one; Otto, who has no e-mail: one; a free place booked for no member; an
  // Abo booking of Anna's elsewhere.
  vorgang({
    benutzer_id: ANNA,
    veranstaltung_id: SEMINAR,
    titel: 'Seminar',
    teilnehmer: 'Anna',
    betrag: 180,
    verifiziert: true,
    rw_rechnung_id: 500,
  });
  vorgang({
    benutzer_id: ANNA,
    veranstaltung_event_id: EVENT,
    titel: 'Modul 2',
    teilnehmer: 'Max',
    betrag: 20.5,
  });
  vorgang({ benutzer_id: ANNA, veranstaltung_id: SEMINAR, titel: 'Alt', betrag: 999, child_id: 99 });
  vorgang({ benutzer_id: ANNA, veranstaltung_id: SEMINAR, titel: 'Storniert', betrag: 888, storno: true });
  vorgang({
    benutzer_id: BERT,
    veranstaltung_id: SEMINAR,
    titel: 'Seminar',
    teilnehmer: 'Bert',
    betrag: 300,
  });
  vorgang({
    benutzer_id: OHNE_EMAIL,
    veranstaltung_id: SEMINAR,
    titel: 'Seminar',
    teilnehmer: null,
    betrag: 300,
  });
  vorgang({ veranstaltung_id: SEMINAR, titel: 'Freiplatz', teilnehmer: 'Referentin', betrag: 0 });
  vorgang({ category: 'abos', benutzer_id: ANNA, wb_abo_id: ABO, titel: 'Steuerbrief 2026', betrag: 59 });
  const mailer = new Postausgang();
  return { speicher, mailer, uebersichten: new Bestelluebersichten(speicher, mailer) };
}

async function fehler(arbeit: Promise<unknown>): Promise<DomainError> {
  const error = await arbeit.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof DomainError)) throw new Error(`kein DomainError: ${String(error)}`);
  return error;
}

describe('Bestelluebersichten.email', () => {
  it('mails the member their current bookings of the object, titled by LG number and title', async () => {
    const { mailer, uebersichten } = aufbau();

    const antwort = await uebersichten.email({
      benutzer_id: ANNA,
      category: 'seminare',
      category_id: SEMINAR,
    });

    expect(antwort).toEqual({ message: EMAIL_VERSENDET });
    expect(mailer.gesendet).toHaveLength(1);
    const [mail] = mailer.gesendet;
    expect(mail.to).toBe('anna@example.de');
    expect(mail.subject).toBe('Ihre Bestellübersicht: LG 12 – Steuerrecht aktuell');
    // Only Anna's current bookings: not Bert's, not an earlier version, not a cancelled one.
    expect(mail.text).toContain('- Seminar (Teilnehmer: Anna): 180,00 €');
    expect(mail.text).toContain('- Modul 2 (Teilnehmer: Max): 20,50 €');
    expect(mail.text).toContain('Gesamtbetrag: 200,50 €');
    expect(mail.text).not.toMatch(/Bert|Alt|Storniert|Steuerbrief/);
  });

  it('takes the category id as the string a query gives', async () => {
    const { mailer, uebersichten } = aufbau();

    await uebersichten.email({
      benutzer_id: ANNA,
      category: 'abos',
      category_id: String(ABO) as unknown as number,
    });

    expect(mailer.gesendet[0]).toMatchObject({ subject: 'Ihre Bestellübersicht: Steuerbrief' });
    expect(mailer.gesendet[0].text).toContain('- Steuerbrief 2026: 59,00 €');
  });

  it('names an object without title by its kind and id', async () => {
    const { speicher, mailer, uebersichten } = aufbau();
    speicher.tabellen.objekte.set(`WB_Abo:${ABO}`, { titel: '', lg_id: null });

    await uebersichten.email({ benutzer_id: ANNA, category: 'abos', category_id: ABO });

    expect(mailer.gesendet[0].subject).toBe('Ihre Bestellübersicht: Abo 3');
  });

  it.each([
    ['seminare', 'Seminar 8 wurde nicht gefunden.'],
    ['abos', 'Abo 8 wurde nicht gefunden.'],
    ['bundle', 'Bundle 8 wurde nicht gefunden.'],
    ['produkte', 'Bestellung 8 wurde nicht gefunden.'],
  ])('an unknown object of %s is 404, named as staff know it', async (category, message) => {
    const { mailer, uebersichten } = aufbau();

    const error = await fehler(uebersichten.email({ benutzer_id: ANNA, category, category_id: 8 }));

    expect(error).toMatchObject({ kind: 'not_found', code: 'NOT_FOUND', message });
    expect(mailer.gesendet).toEqual([]);
  });

  it('an unknown member is 404', async () => {
    const { mailer, uebersichten } = aufbau();

    const error = await fehler(
      uebersichten.email({ benutzer_id: 99, category: 'seminare', category_id: SEMINAR }),
    );

    expect(error).toMatchObject({
      kind: 'not_found',
      code: 'NOT_FOUND',
      message: 'Mitglied 99 wurde nicht gefunden.',
    });
    expect(mailer.gesendet).toEqual([]);
  });

  it("refuses a bad category before reading anything ('bad category', spec 002 §8)", async () => {
    const { speicher, uebersichten } = aufbau();
    const lesen = jest.spyOn(speicher, 'lesen');

    const error = await fehler(uebersichten.email({ benutzer_id: ANNA, category: 'kurse', category_id: 1 }));

    expect(error).toMatchObject({ kind: 'invalid', code: 'BAD_CATEGORY' });
    expect(lesen).not.toHaveBeenCalled();
  });

  it('refuses a member without bookings there (409) and sends nothing', async () => {
    const { mailer, uebersichten } = aufbau();

    const error = await fehler(uebersichten.email({ benutzer_id: BERT, category: 'abos', category_id: ABO }));

    expect(error).toMatchObject({ kind: 'conflict', code: 'KEINE_BUCHUNGEN' });
    expect(mailer.gesendet).toEqual([]);
  });

  it.each([BERT, OHNE_EMAIL])('refuses member %i without a primary e-mail (409)', async (benutzer_id) => {
    const { mailer, uebersichten } = aufbau();

    const error = await fehler(
      uebersichten.email({ benutzer_id, category: 'seminare', category_id: SEMINAR }),
    );

    expect(error).toMatchObject({
      kind: 'conflict',
      code: 'KEINE_EMAIL',
      message: 'Das Mitglied hat keine primäre Email-Adresse; die Bestellübersicht wurde nicht versendet.',
    });
    expect(mailer.gesendet).toEqual([]);
  });

  it("a failed delivery is a German 409 naming the mail server's reason", async () => {
    const { mailer, uebersichten } = aufbau();
    mailer.fehler = new MailDeliveryError('550 Postfach unbekannt', true);

    const error = await fehler(
      uebersichten.email({ benutzer_id: ANNA, category: 'seminare', category_id: SEMINAR }),
    );

    expect(error).toMatchObject({
      kind: 'conflict',
      code: 'EMAIL_FEHLER',
      message: 'Die Email konnte nicht versendet werden: 550 Postfach unbekannt',
    });
  });

  it('any other fault is not dressed up as a delivery refusal', async () => {
    const { mailer, uebersichten } = aufbau();
    const kaputt = new Error('Programmfehler');
    mailer.fehler = kaputt;

    await expect(
      uebersichten.email({ benutzer_id: ANNA, category: 'seminare', category_id: SEMINAR }),
    ).rejects.toBe(kaputt);
  });
});

describe('Bestelluebersichten.lgAbrechnung', () => {
  /** Records which members' payment options the use case asked for. */
  function mitAnfragen(speicher: AbrechnungsspeicherInMemory) {
    const gefragt: { zahlungswege: number[][]; bezahloptionen: number } = {
      zahlungswege: [],
      bezahloptionen: 0,
    };
    const lesen = speicher.lesen.bind(speicher);
    jest.spyOn(speicher, 'lesen').mockImplementation(() => {
      const tx: BillingTx = lesen();
      const zahlungswege = tx.zahlungswege.bind(tx);
      const bezahloptionen = tx.bezahloptionenFuer.bind(tx);
      tx.zahlungswege = (objekt, ids) => (gefragt.zahlungswege.push(ids), zahlungswege(objekt, ids));
      tx.bezahloptionenFuer = (objekt, id) => (gefragt.bezahloptionen++, bezahloptionen(objekt, id));
      return tx;
    });
    return gefragt;
  }

  function mitZahlungswegen(speicher: AbrechnungsspeicherInMemory) {
    const objekt = { category: 'seminare', feld: 'veranstaltung_id', id: SEMINAR } as const;
    speicher.tabellen.zahlungswege.push(
      { id: 1, benutzer_id: ANNA, typ: 'debit', adresse, konto, objekt, skript_per_post: true },
      { id: 2, benutzer_id: BERT, typ: 'transfer', adresse, konto, objekt, skript_per_post: false },
    );
  }

  it("lists the seminar's current bookings, its events' included, one row each, as CSV for German Excel", async () => {
    const { speicher, uebersichten } = aufbau();
    mitZahlungswegen(speicher);

    const { name, csv } = await uebersichten.lgAbrechnung(SEMINAR, false);

    expect(name).toBe('LG-Abrechnung LG 12 - Steuerrecht aktuell.csv');
    expect(csv.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(await parseCsv(csv)).toEqual([
      {
        Kennnummer: 'K-10',
        Benutzer: 'Kanzlei Anna',
        'Teilnehmer (Name)': 'Anna',
        Buchungstext: 'Seminar',
        Betrag: '180,00',
        Verifiziert: 'ja',
        Rechnungsnummer: 'RE-2026-500',
        Zahlungsart: 'Einzugsermächtigung',
      },
      {
        Kennnummer: 'K-10',
        Benutzer: 'Kanzlei Anna',
        'Teilnehmer (Name)': 'Max',
        Buchungstext: 'Modul 2',
        Betrag: '20,50',
        Verifiziert: 'nein',
        Rechnungsnummer: '',
        Zahlungsart: 'Einzugsermächtigung',
      },
      expect.objectContaining({ Kennnummer: 'K-11', Benutzer: 'Bert Berater', Zahlungsart: 'Überweisung' }),
      expect.objectContaining({
        Kennnummer: '',
        Benutzer: 'Otto Ohne',
        'Teilnehmer (Name)': '',
        Zahlungsart: '',
      }),
      expect.objectContaining({
        Kennnummer: '',
        Benutzer: '',
        'Teilnehmer (Name)': 'Referentin',
        Betrag: '0,00',
        Zahlungsart: '',
      }),
    ]);
  });

  it("asks each booking member's payment option once (a booking for no member asks none), and the script option only for the state branch", async () => {
    const { speicher, uebersichten } = aufbau();
    const gefragt = mitAnfragen(speicher);

    await uebersichten.lgAbrechnung(SEMINAR, false);

    expect(gefragt).toEqual({ zahlungswege: [[ANNA, BERT, OHNE_EMAIL]], bezahloptionen: 0 });
  });

  it('with skript_per_post a column says whose script goes by post (none known: no)', async () => {
    const { speicher, uebersichten } = aufbau();
    mitZahlungswegen(speicher);

    const zeilen = await parseCsv((await uebersichten.lgAbrechnung(SEMINAR, true)).csv);

    expect(zeilen.map((z) => [z.Benutzer, z['Skript per Post']])).toEqual([
      ['Kanzlei Anna', 'ja'],
      ['Kanzlei Anna', 'ja'],
      ['Bert Berater', 'nein'],
      ['Otto Ohne', 'nein'],
      ['', 'nein'],
    ]);
  });

  it('without it there is no such column', async () => {
    const { speicher, uebersichten } = aufbau();
    mitZahlungswegen(speicher);

    const zeilen = await parseCsv((await uebersichten.lgAbrechnung(SEMINAR, false)).csv);

    expect(Object.keys(zeilen[0])).not.toContain('Skript per Post');
  });

  it('refuses a seminar without current bookings (409), naming it', async () => {
    const { speicher, uebersichten } = aufbau();
    speicher.tabellen.vorgaenge = speicher.tabellen.vorgaenge.filter((v) => v.category !== 'seminare');

    const error = await fehler(uebersichten.lgAbrechnung(SEMINAR, true));

    expect(error).toMatchObject({
      kind: 'conflict',
      code: 'KEINE_BUCHUNGEN',
      message: 'Zum Seminar „LG 12 – Steuerrecht aktuell“ gibt es keine aktuellen Buchungen.',
    });
  });

  it('an unknown seminar is 404', async () => {
    const error = await fehler(aufbau().uebersichten.lgAbrechnung(8, false));

    expect(error).toMatchObject({
      kind: 'not_found',
      code: 'NOT_FOUND',
      message: 'Seminar 8 wurde nicht gefunden.',
    });
  });

  it('keeps only letters, digits, spaces, dots, dashes and underscores in the file name', async () => {
    const { speicher, uebersichten } = aufbau();
    speicher.tabellen.objekte.set(`Veranstaltung:${SEMINAR}`, {
      titel: 'Bilanz//GuV: Über "Rückstellungen"?! 2026_1',
      lg_id: null,
    });

    const { name } = await uebersichten.lgAbrechnung(SEMINAR, false);

    expect(name).toBe('LG-Abrechnung Bilanz-GuV- Über -Rückstellungen- 2026_1.csv');
  });
});
