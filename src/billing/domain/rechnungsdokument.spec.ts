import {
  aussteller,
  gesamtzeitraum,
  leistungszeitraumText,
  rechnungsdokument,
  vorgangszeitraum,
  zahlungstext,
} from './rechnungsdokument';
import { standardBefreiungsgruende, type Verbandsdaten } from './verbandsdaten';

const datum = '2026-03-02T10:00:00.000Z';

const verband: Verbandsdaten = {
  name: 'Steuerberaterverband Düsseldorf e. V.',
  strasse: 'Grafenberger Allee 98',
  plz: '40237',
  ort: 'Düsseldorf',
  steuernummer: '103/5701/0815',
  ust_idnr: 'DE811234567',
  iban: 'DE02120300000000202051',
  bic: 'BYLADEM1001',
  bank: 'Deutsche Kreditbank',
  glaeubiger_id: 'DE98ZZZ09999999999',
  kontakt_name: null,
  kontakt_telefon: null,
  kontakt_email: null,
  befreiungsgruende: { ...standardBefreiungsgruende(), produkte: 'Steuerfrei nach § 4 Nr. 14 UStG' },
};
const ohneKonto = { ...verband, iban: '', bic: null, bank: null, glaeubiger_id: null };

describe('payment text', () => {
  const konto = { iban: 'DE89370400440532013000', sepa_referenz: 'M-300101', sepa_datum: '2025-11-03' };

  it.each([
    [
      'debit with mandate',
      { rechnungs_nr: 'RE-1', betrag: 663.1 },
      { typ: 'debit', konto },
      'Den Rechnungsbetrag von 663,10 € ziehen wir zum SEPA-Lastschriftmandat M-300101 vom 03.11.2025 von Ihrem Konto DE89370400440532013000 ein. Vorabankündigung: Die Lastschrift wird frühestens am 16.03.2026 fällig; bitte sorgen Sie für ausreichende Deckung.',
    ],
    [
      'debit without mandate reference',
      { rechnungs_nr: 'RE-1', betrag: 10 },
      { typ: 'debit', konto: { iban: 'DE02120300000000202051' } },
      'Den Rechnungsbetrag von 10,00 € ziehen wir per SEPA-Lastschrift von Ihrem Konto DE02120300000000202051 ein. Vorabankündigung: Die Lastschrift wird frühestens am 16.03.2026 fällig; bitte sorgen Sie für ausreichende Deckung.',
    ],
    [
      'transfer',
      { rechnungs_nr: 'RE-2026-01003', betrag: 1234.5 },
      { typ: 'transfer', konto: null },
      'Bitte überweisen Sie den Rechnungsbetrag von 1.234,50 € innerhalb von 14 Tagen unter Angabe der Rechnungsnummer RE-2026-01003.',
    ],
    [
      'debit without account: a transfer',
      { rechnungs_nr: 'RE-9', betrag: 5 },
      { typ: 'debit', konto: null },
      'Bitte überweisen Sie den Rechnungsbetrag von 5,00 € innerhalb von 14 Tagen unter Angabe der Rechnungsnummer RE-9.',
    ],
    [
      'storno',
      { rechnungs_nr: 'RE-2', betrag: -663.1 },
      { typ: 'debit', konto },
      'Den Betrag von 663,10 € erstatten wir Ihnen auf Ihr Konto DE89370400440532013000.',
    ],
  ])('%s', (_name, rechnung, bezahlung, text) => {
    expect(zahlungstext(rechnung, bezahlung, datum, ohneKonto)).toBe(text);
  });
});

describe('invoice document data', () => {
  it('states lines, rates and totals from the stored snapshot, German formatted', () => {
    const doc = rechnungsdokument(
      {
        rechnungs_nr: 'RE-2026-01002',
        betrag: -663.1,
        netto: -557.23,
        mwst: -105.87,
        storno_parent_id: 4,
        createdAt: new Date(datum),
        data: {
          datum,
          storno_zu: 'RE-2026-01001',
          positionen: [
            { vorgang_id: 1, titel: 'Tag 1', teilnehmer: 'Bärbel Schäfer', betrag: -349, mwst: 19 },
          ],
          steuern: [{ satz: 5.5, brutto: -663.1, netto: -557.23, mwst: -105.87 }],
          empfaenger: {
            name: 'Müller & Partner',
            adresse: { strasse: 'Königsallee 12', plz: '40213', ort: 'Düsseldorf' },
          },
          bezahlung: { typ: 'transfer', konto: null },
          leistungszeitraum: { von: '2026-03-10', bis: '2026-03-12' },
        },
      },
      ohneKonto,
    );
    expect(doc).toEqual({
      titel: 'Stornorechnung',
      aussteller: {
        name: 'Steuerberaterverband Düsseldorf e. V.',
        anschrift: 'Grafenberger Allee 98, 40237 Düsseldorf',
        absender: 'Steuerberaterverband Düsseldorf e. V. · Grafenberger Allee 98 · 40237 Düsseldorf',
        steuer: 'Steuernummer: 103/5701/0815 · USt-IdNr.: DE811234567',
        bank: '',
        fusszeilen: [
          'Steuerberaterverband Düsseldorf e. V. · Grafenberger Allee 98 · 40237 Düsseldorf',
          'Steuernummer: 103/5701/0815 · USt-IdNr.: DE811234567',
        ],
      },
      nr: 'RE-2026-01002',
      datum,
      storno_zu: 'RE-2026-01001',
      leistungszeitraum: 'Leistungszeitraum: 10.03.2026 – 12.03.2026',
      empfaenger: { name: 'Müller & Partner', zeilen: ['Königsallee 12', '40213 Düsseldorf'] },
      positionen: [
        { nr: 1, titel: 'Tag 1', teilnehmer: 'Bärbel Schäfer', mwst: '19 %', betrag: '-349,00 €' },
      ],
      steuern: [{ satz: '5,5 %', netto: '-557,23 €', mwst: '-105,87 €', brutto: '-663,10 €' }],
      summe: { netto: '-557,23 €', mwst: '-105,87 €', brutto: '-663,10 €' },
      befreiung: null,
      zahlung: 'Den Betrag von 663,10 € erstatten wir Ihnen.',
    });
  });
});

describe('invoice document data without snapshot details', () => {
  it('fills every field of the template, from the creation time where the snapshot has no date', () => {
    expect(
      rechnungsdokument(
        {
          rechnungs_nr: 'RE-7',
          betrag: null,
          netto: null,
          mwst: null,
          storno_parent_id: null,
          createdAt: new Date(datum),
          data: null,
        },
        verband,
      ),
    ).toEqual({
      titel: 'Rechnung',
      aussteller: {
        name: 'Steuerberaterverband Düsseldorf e. V.',
        anschrift: 'Grafenberger Allee 98, 40237 Düsseldorf',
        absender: 'Steuerberaterverband Düsseldorf e. V. · Grafenberger Allee 98 · 40237 Düsseldorf',
        steuer: 'Steuernummer: 103/5701/0815 · USt-IdNr.: DE811234567',
        bank: 'Bankverbindung: IBAN DE02120300000000202051 (BIC BYLADEM1001, Deutsche Kreditbank)',
        fusszeilen: aussteller(verband).fusszeilen,
      },
      nr: 'RE-7',
      datum,
      storno_zu: null,
      leistungszeitraum: null,
      empfaenger: { name: '', zeilen: [] },
      positionen: [],
      steuern: [],
      summe: { netto: '0,00 €', mwst: '0,00 €', brutto: '0,00 €' },
      befreiung: null,
      zahlung:
        'Bitte überweisen Sie den Rechnungsbetrag von 0,00 € innerhalb von 14 Tagen auf unser Konto IBAN DE02120300000000202051 (BIC BYLADEM1001, Deutsche Kreditbank) unter Angabe der Rechnungsnummer RE-7.',
    });
  });

  it('leaves out empty address lines and numbers the lines', () => {
    const doc = rechnungsdokument(
      {
        rechnungs_nr: 'RE-8',
        betrag: 20,
        netto: 16.81,
        mwst: 3.19,
        storno_parent_id: null,
        createdAt: new Date(datum),
        data: {
          positionen: [
            { vorgang_id: 1, titel: null, teilnehmer: null, betrag: 10, mwst: 19 },
            { vorgang_id: 2, titel: 'Skript', teilnehmer: 'Anna', betrag: 10, mwst: 7 },
          ],
          empfaenger: { name: 'Anna', adresse: { strasse: null, plz: null, ort: 'Köln' } },
        },
      },
      verband,
    );
    expect(doc.empfaenger).toEqual({ name: 'Anna', zeilen: ['Köln'] });
    expect(doc.positionen).toEqual([
      { nr: 1, titel: '', teilnehmer: null, mwst: '19 %', betrag: '10,00 €' },
      { nr: 2, titel: 'Skript', teilnehmer: 'Anna', mwst: '7 %', betrag: '10,00 €' },
    ]);
    expect(
      rechnungsdokument(
        {
          rechnungs_nr: 'RE-9',
          betrag: 1,
          netto: 1,
          mwst: 0,
          storno_parent_id: null,
          createdAt: new Date(datum),
          data: { empfaenger: { name: null, adresse: { strasse: 'Ring 1', plz: '50667', ort: null } } },
        },
        verband,
      ).empfaenger,
    ).toEqual({ name: '', zeilen: ['Ring 1', '50667'] });
  });

  it('names a mandate without its date, and a refund without an account', () => {
    expect(
      zahlungstext(
        { rechnungs_nr: 'RE-1', betrag: 1 },
        { typ: 'debit', konto: { iban: 'DE1', sepa_referenz: 'M-1' } },
        datum,
        ohneKonto,
      ),
    ).toMatch(
      /^Den Rechnungsbetrag von 1,00 € ziehen wir zum SEPA-Lastschriftmandat M-1 von Ihrem Konto DE1 ein\./,
    );
    // An account on file does not make a transfer a debit.
    expect(
      zahlungstext(
        { rechnungs_nr: 'RE-1', betrag: 1 },
        { typ: 'transfer', konto: { iban: 'DE1' } },
        datum,
        ohneKonto,
      ),
    ).toBe(
      'Bitte überweisen Sie den Rechnungsbetrag von 1,00 € innerhalb von 14 Tagen unter Angabe der Rechnungsnummer RE-1.',
    );
    expect(zahlungstext({ rechnungs_nr: 'RE-1', betrag: -1 }, undefined, datum, ohneKonto)).toBe(
      'Den Betrag von 1,00 € erstatten wir Ihnen.',
    );
    expect(
      zahlungstext(
        { rechnungs_nr: 'RE-1', betrag: 0 },
        { typ: 'debit', konto: { iban: 'DE1' } },
        datum,
        ohneKonto,
      ),
    ).toMatch(/^Den Rechnungsbetrag von 0,00 € ziehen wir per SEPA-Lastschrift/);
  });
});

describe('§ 14 UStG content (issue 28)', () => {
  const konto = { iban: 'DE89370400440532013000', sepa_referenz: 'M-300101', sepa_datum: '2025-11-03' };

  it('names the association’s account on a transfer invoice, BIC and bank only where known', () => {
    expect(
      zahlungstext({ rechnungs_nr: 'RE-5', betrag: 12 }, { typ: 'transfer', konto: null }, datum, verband),
    ).toBe(
      'Bitte überweisen Sie den Rechnungsbetrag von 12,00 € innerhalb von 14 Tagen auf unser Konto IBAN DE02120300000000202051 (BIC BYLADEM1001, Deutsche Kreditbank) unter Angabe der Rechnungsnummer RE-5.',
    );
    expect(
      zahlungstext({ rechnungs_nr: 'RE-5', betrag: 12 }, undefined, datum, {
        ...verband,
        bic: null,
        bank: null,
      }),
    ).toContain('auf unser Konto IBAN DE02120300000000202051 unter Angabe');
  });

  it('names Gläubiger-ID, mandate and collection date on a debit pre-notification', () => {
    expect(zahlungstext({ rechnungs_nr: 'RE-6', betrag: 10 }, { typ: 'debit', konto }, datum, verband)).toBe(
      'Den Rechnungsbetrag von 10,00 € ziehen wir zum SEPA-Lastschriftmandat M-300101 vom 03.11.2025 (Gläubiger-ID DE98ZZZ09999999999) von Ihrem Konto DE89370400440532013000 ein. Vorabankündigung: Die Lastschrift wird frühestens am 16.03.2026 fällig; bitte sorgen Sie für ausreichende Deckung.',
    );
  });

  it('states the exemption reason of the invoice’s category when a line is at 0 %', () => {
    const rechnung = (category: string, mwst: number) =>
      rechnungsdokument(
        {
          rechnungs_nr: 'RE-10',
          category,
          betrag: 10,
          netto: 10,
          mwst: 0,
          storno_parent_id: null,
          createdAt: new Date(datum),
          data: { positionen: [{ vorgang_id: 1, titel: 'X', teilnehmer: null, betrag: 10, mwst }] },
        },
        verband,
      );
    expect(rechnung('seminare', 0).befreiung).toBe('Umsatzsteuerfrei nach § 4 Nr. 22a UStG');
    expect(rechnung('produkte', 0).befreiung).toBe('Steuerfrei nach § 4 Nr. 14 UStG');
    expect(rechnung('seminare', 19).befreiung).toBeNull();
  });

  it("puts the association's name, address, tax numbers, account and Gläubiger-ID into the footer lines", () => {
    expect(aussteller(verband).fusszeilen).toEqual([
      'Steuerberaterverband Düsseldorf e. V. · Grafenberger Allee 98 · 40237 Düsseldorf',
      'Steuernummer: 103/5701/0815 · USt-IdNr.: DE811234567',
      'Bankverbindung: IBAN DE02120300000000202051 (BIC BYLADEM1001, Deutsche Kreditbank) · Gläubiger-ID: DE98ZZZ09999999999',
    ]);
    expect(aussteller({ ...ohneKonto, glaeubiger_id: 'DE98ZZZ09999999999' }).fusszeilen.at(-1)).toBe(
      'Gläubiger-ID: DE98ZZZ09999999999',
    );
  });

  it('names only the tax number there is', () => {
    expect(aussteller({ ...verband, ust_idnr: null }).steuer).toBe('Steuernummer: 103/5701/0815');
    expect(aussteller({ ...verband, steuernummer: null }).steuer).toBe('USt-IdNr.: DE811234567');
  });
});

describe('the payment text of a storno invoice (issue 28)', () => {
  const storno = { rechnungs_nr: 'RE-2', betrag: -226 };
  const konto = { typ: 'debit', konto: { iban: 'DE02120300000000202051' } };

  it('says the amount is netted off against the open invoice', () => {
    expect(
      zahlungstext(storno, konto, datum, verband, {
        zu: 'RE-1',
        ausgleich: { verrechnet: 22600, erstattung: 0 },
      }),
    ).toBe('Der Betrag von 226,00 € wird mit der offenen Rechnung RE-1 verrechnet.');
  });

  it('says what was paid is refunded to the account, and what is netted', () => {
    expect(
      zahlungstext(storno, konto, datum, verband, {
        zu: 'RE-1',
        ausgleich: { verrechnet: 12600, erstattung: 10000 },
      }),
    ).toBe(
      'Der Betrag von 126,00 € wird mit der offenen Rechnung RE-1 verrechnet. ' +
        'Der bereits gezahlte Betrag von 100,00 € wird auf Ihr Konto DE02120300000000202051 erstattet.',
    );
  });
});

describe('service period', () => {
  it('takes the seminar end alone, and an Abo period without end', () => {
    expect(vorgangszeitraum({ seminar: { beginn: null, ende: new Date('2026-03-12T15:00:00Z') } })).toEqual({
      von: '2026-03-12',
      bis: '2026-03-12',
    });
    expect(
      vorgangszeitraum({ seminar: { beginn: null, ende: null }, turnus: { von: '2026-01-01', bis: null } }),
    ).toEqual({
      von: '2026-01-01',
      bis: null,
    });
    expect(vorgangszeitraum({ eventDatum: null, turnus: { von: null, bis: '2026-12-31' } })).toBeNull();
  });

  it('takes the earliest start and the latest end, wherever they are', () => {
    expect(
      gesamtzeitraum([
        { von: '2026-03-05', bis: '2026-03-11' },
        { von: '2026-03-01', bis: '2026-03-20' },
        { von: '2026-03-10', bis: '2026-03-12' },
      ]),
    ).toEqual({ von: '2026-03-01', bis: '2026-03-20' });
    expect(gesamtzeitraum([])).toBeNull();
    expect(gesamtzeitraum([undefined, { von: '2026-03-05', bis: '2026-03-05' }])).toEqual({
      von: '2026-03-05',
      bis: '2026-03-05',
    });
  });

  it('is the event day, else the seminar’s Berlin days, else the Abo period', () => {
    const seminar = { beginn: new Date('2026-03-09T23:30:00Z'), ende: new Date('2026-03-12T15:00:00Z') };
    expect(vorgangszeitraum({ eventDatum: '2026-03-11', seminar })).toEqual({
      von: '2026-03-11',
      bis: '2026-03-11',
    });
    expect(vorgangszeitraum({ seminar })).toEqual({ von: '2026-03-10', bis: '2026-03-12' });
    expect(vorgangszeitraum({ seminar: { beginn: seminar.beginn, ende: null } })).toEqual({
      von: '2026-03-10',
      bis: '2026-03-10',
    });
    expect(vorgangszeitraum({ turnus: { von: '2026-01-01', bis: '2026-12-31' } })).toEqual({
      von: '2026-01-01',
      bis: '2026-12-31',
    });
    expect(vorgangszeitraum({})).toBeNull();
  });
  it('spans an invoice’s lines and is worded as a day, a period or open-ended', () => {
    const z = gesamtzeitraum([
      { von: '2026-03-11', bis: '2026-03-11' },
      null,
      { von: '2026-03-10', bis: '2026-03-10' },
    ]);
    expect(z).toEqual({ von: '2026-03-10', bis: '2026-03-11' });
    expect(leistungszeitraumText(z)).toBe('Leistungszeitraum: 10.03.2026 – 11.03.2026');
    expect(leistungszeitraumText({ von: '2026-03-10', bis: '2026-03-10' })).toBe(
      'Leistungsdatum: 10.03.2026',
    );
    expect(
      gesamtzeitraum([
        { von: '2026-01-01', bis: null },
        { von: '2025-12-01', bis: '2025-12-31' },
      ]),
    ).toEqual({
      von: '2025-12-01',
      bis: null,
    });
    expect(leistungszeitraumText({ von: '2026-01-01', bis: null })).toBe('Leistungszeitraum: ab 01.01.2026');
    expect(gesamtzeitraum([null])).toBeNull();
    expect(leistungszeitraumText(null)).toBeNull();
  });
});
