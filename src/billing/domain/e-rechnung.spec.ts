import { alsERechnungAusgestellt, eRechnung, istGeschaeftskunde, xrechnungFehlt } from './e-rechnung';
import type { GespeicherteRechnung } from './rechnungsdokument';
import { standardBefreiungsgruende, type Verbandsdaten } from './verbandsdaten';

const verband: Verbandsdaten = {
  name: 'Steuerberaterverband Düsseldorf e. V.',
  strasse: 'Grafenberger Allee 98',
  plz: '40237',
  ort: 'Düsseldorf',
  steuernummer: '103/5701/0815',
  ust_idnr: 'DE811234567',
  iban: 'DE02120300000000202051',
  bic: 'BYLADEM1001',
  bank: null,
  glaeubiger_id: 'DE98ZZZ09999999999',
  kontakt_name: null,
  kontakt_telefon: null,
  kontakt_email: null,
  befreiungsgruende: { ...standardBefreiungsgruende(), produkte: 'Steuerfrei nach § 4 Nr. 14 UStG' },
};

/** An invoice of three lines: two books at 19 % (gross 10,00 € and 20,00 €) and a seminar at 0 %. */
function rechnung(werte: Partial<GespeicherteRechnung> = {}): GespeicherteRechnung {
  return {
    rechnungs_nr: 'RE-2026-007',
    category: 'seminare',
    betrag: 130,
    netto: 125.21,
    mwst: 4.79,
    storno_parent_id: null,
    createdAt: new Date('2026-03-02T10:00:00Z'),
    data: {
      datum: '2026-03-01T23:30:00.000Z',
      positionen: [
        { vorgang_id: 1, titel: 'Handbuch', teilnehmer: null, betrag: 10, mwst: 19 },
        { vorgang_id: 2, titel: 'Seminar Erbschaftsteuer', teilnehmer: 'Anna Schmidt', betrag: 100, mwst: 0 },
        { vorgang_id: 3, titel: 'Kommentar', teilnehmer: null, betrag: 20, mwst: 19 },
      ],
      steuern: [
        { satz: 0, brutto: 100, netto: 100, mwst: 0 },
        { satz: 19, brutto: 30, netto: 25.21, mwst: 4.79 },
      ],
      empfaenger: {
        name: 'Anna Schmidt',
        firma: 'Schmidt Steuerberatung GmbH',
        leitweg_id: ' 04011000-1234512345-06 ',
        adresse: { strasse: 'Königsallee 1', plz: '40212', ort: 'Düsseldorf' },
      },
      bezahlung: { typ: 'transfer', konto: null },
      leistungszeitraum: { von: '2026-02-10', bis: '2026-02-12' },
      e_rechnung: true,
    } as GespeicherteRechnung['data'],
    ...werte,
  };
}

describe('e-invoice of an issued invoice (issue 29)', () => {
  it('is an invoice (380) of the association to the firm, dated the Berlin day of issue', () => {
    const e = eRechnung(rechnung(), verband);
    expect(e).toMatchObject({
      art: '380',
      nr: 'RE-2026-007',
      datum: '2026-03-02',
      vorgaenger: null,
      leitweg_id: '04011000-1234512345-06',
      verkaeufer: {
        name: verband.name,
        anschrift: { strasse: 'Grafenberger Allee 98', plz: '40237', ort: 'Düsseldorf', land: 'DE' },
        ust_idnr: 'DE811234567',
        steuernummer: '103/5701/0815',
      },
      kaeufer: {
        name: 'Schmidt Steuerberatung GmbH',
        anschrift: { strasse: 'Königsallee 1', plz: '40212', ort: 'Düsseldorf', land: 'DE' },
      },
      lieferdatum: '2026-02-12',
      zeitraum: { von: '2026-02-10', bis: '2026-02-12' },
    });
  });

  it("shares each rate's stored net among its lines so that they add up to it exactly", () => {
    const e = eRechnung(rechnung(), verband);
    expect(e.positionen).toEqual([
      { nr: 1, titel: 'Handbuch', netto: 840, kategorie: 'S', satz: 19 },
      { nr: 2, titel: 'Seminar Erbschaftsteuer – Anna Schmidt', netto: 10000, kategorie: 'E', satz: 0 },
      { nr: 3, titel: 'Kommentar', netto: 1681, kategorie: 'S', satz: 19 },
    ]);
    expect(e.summen).toEqual({ netto: 12521, mwst: 479, brutto: 13000 });
  });

  it("exempts 0 % with the category's reason from the association's data", () => {
    expect(eRechnung(rechnung(), verband).steuern).toEqual([
      {
        kategorie: 'E',
        satz: 0,
        basis: 10000,
        betrag: 0,
        befreiungsgrund: 'Umsatzsteuerfrei nach § 4 Nr. 22a UStG',
      },
      { kategorie: 'S', satz: 19, basis: 2521, betrag: 479, befreiungsgrund: null },
    ]);
    const produkt = eRechnung(rechnung({ category: 'produkte' }), verband);
    expect(produkt.steuern[0].befreiungsgrund).toBe('Steuerfrei nach § 4 Nr. 14 UStG');
  });

  it('asks a transfer to the association’s account within the payment term, with the printed text', () => {
    const { zahlung } = eRechnung(rechnung(), verband);
    expect(zahlung).toMatchObject({
      art: '58',
      iban: 'DE02120300000000202051',
      bic: 'BYLADEM1001',
      mandat: null,
      faellig: '2026-03-16',
    });
    expect(zahlung.bedingungen).toContain('unter Angabe der Rechnungsnummer RE-2026-007');
  });

  it('collects a debit with mandate and the debited account, the creditor ID in the payment text', () => {
    const r = rechnung();
    r.data!.bezahlung = {
      typ: 'debit',
      konto: { iban: 'DE89370400440532013000', sepa_referenz: 'M-300101', sepa_datum: '2025-11-03' },
    };
    expect(eRechnung(r, verband).zahlung).toMatchObject({
      art: '59',
      iban: null,
      mandat: 'M-300101',
      lastschriftkonto: 'DE89370400440532013000',
      faellig: '2026-03-16',
    });
    expect(eRechnung(r, verband).zahlung.bedingungen).toContain('Gläubiger-ID DE98ZZZ09999999999');
  });

  it('states a storno as credit note (381) with positive amounts, referencing the cancelled invoice', () => {
    const original = rechnung();
    const data = original.data!;
    const storno = rechnung({
      rechnungs_nr: 'RE-2026-009',
      storno_parent_id: 7,
      betrag: -130,
      netto: -125.21,
      mwst: -4.79,
      data: {
        ...data,
        datum: '2026-04-01T08:00:00.000Z',
        storno_zu: 'RE-2026-007',
        storno_zu_datum: '2026-03-01T23:30:00.000Z',
        positionen: data.positionen!.map((p) => ({ ...p, betrag: -p.betrag })),
        steuern: data.steuern!.map((z) => ({
          satz: z.satz,
          brutto: -z.brutto,
          netto: -z.netto,
          mwst: -z.mwst,
        })),
      } as GespeicherteRechnung['data'],
    });
    const e = eRechnung(storno, verband);
    expect(e.art).toBe('381');
    expect(e.vorgaenger).toEqual({ nr: 'RE-2026-007', datum: '2026-03-02' });
    expect(e.positionen.map((p) => p.netto)).toEqual([840, 10000, 1681]);
    expect(e.steuern.map((z) => [z.basis, z.betrag])).toEqual([
      [10000, 0],
      [2521, 479],
    ]);
    expect(e.summen).toEqual({ netto: 12521, mwst: 479, brutto: 13000 });
    expect(e.zahlung).toMatchObject({ art: null, faellig: null });
  });

  it('names a private recipient and takes the invoice day as service day without a period', () => {
    const r = rechnung();
    r.data = { ...r.data!, empfaenger: { ...r.data!.empfaenger!, firma: null }, leistungszeitraum: null };
    const e = eRechnung(r, verband);
    expect(e.kaeufer.name).toBe('Anna Schmidt');
    expect(e.lieferdatum).toBe('2026-03-02');
    expect(e.zeitraum).toBeNull();
  });

  it('gives a business an e-invoice: a firm, or when its payment option asks for one', () => {
    expect(istGeschaeftskunde({ firma: 'Schmidt GmbH', e_rechnung: false })).toBe(true);
    expect(istGeschaeftskunde({ firma: '  ', e_rechnung: false })).toBe(false);
    expect(istGeschaeftskunde({ firma: null, e_rechnung: true })).toBe(true);
    expect(alsERechnungAusgestellt(rechnung())).toBe(true);
    expect(alsERechnungAusgestellt(rechnung({ data: { positionen: [] } }))).toBe(false);
  });

  it('says what an XRechnung lacks: the seller contact (BR-DE-2), a payment instruction (BR-DE-1)', () => {
    const kontakt = { kontakt_name: 'Birgit', kontakt_telefon: '+49 211 1', kontakt_email: 'r@v.example' };
    expect(xrechnungFehlt(eRechnung(rechnung(), { ...verband, ...kontakt }))).toEqual([]);
    expect(xrechnungFehlt(eRechnung(rechnung(), { ...verband, ...kontakt, kontakt_telefon: null }))).toEqual([
      'In den Verbandsdaten fehlt beim Ansprechpartner für Rechnungen: Telefon.',
    ]);
    expect(xrechnungFehlt(eRechnung(rechnung(), { ...verband, ...kontakt, iban: '' }))).toEqual([
      'Die Rechnung nennt keinen Zahlungsweg (Überweisung mit IBAN des Verbands oder Lastschrift).',
    ]);
  });
});
