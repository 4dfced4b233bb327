import type { Personenkonto } from '../../shared/datev/debitoren-kreditoren';
import { domainError } from '../../shared/domain-error.testing';
import {
  abgleichMeldung,
  planeAbgleich,
  personenkontoVon,
  type DebitorBestand,
  type GelesenesKonto,
} from './debitoren-abgleich';

const konto = (nr: number, p: Partial<Personenkonto> = {}): Personenkonto => ({
  konto: nr,
  art: 'person',
  unternehmen: null,
  nachname: `N${nr}`,
  vorname: null,
  anrede: null,
  titel: null,
  strasse: null,
  plz: null,
  ort: null,
  land: null,
  email: null,
  telefon: null,
  iban: null,
  bic: null,
  kontoinhaber: null,
  sepaMandatsreferenz: null,
  ...p,
});
const gelesen = (k: Personenkonto, zeile = 3, art: 'debitor' | 'kreditor' = 'debitor'): GelesenesKonto => ({
  zeile,
  art,
  konto: k,
});
const bestand = (nr: number, b: Partial<DebitorBestand> = {}): DebitorBestand => ({
  benutzerId: nr - 10000,
  debitorNr: nr,
  aktiviert: true,
  mitarbeiter: false,
  adresse: null,
  ibans: [],
  ...b,
});

describe('the DATEV master-data import into Benutzer', () => {
  it('creates unknown debtors, updates what differs, leaves equal ones, skips creditors', () => {
    const plan = planeAbgleich(
      [
        bestand(10001, {
          adresse: { id: 5, strasse: 'A 1', plz: '1', ort: 'X' },
          ibans: ['DE89370400440532013000'],
        }),
        bestand(10002, { adresse: { id: 6, strasse: 'B 1', plz: '2', ort: 'Y' } }),
        bestand(10003),
      ],
      [
        gelesen(konto(10001, { strasse: 'A 1', plz: '1', ort: 'X', iban: 'DE89370400440532013000' })),
        gelesen(konto(10002, { strasse: 'B 2', plz: '2', ort: 'Y' })),
        gelesen(konto(10003, { iban: 'DE02120300000000202051', nachname: 'Drei', vorname: 'Dora' })),
        gelesen(konto(10004)),
        gelesen(konto(70001), 7, 'kreditor'),
      ],
      false,
    );
    expect(plan.neu.map((k) => k.konto)).toEqual([10004]);
    expect(plan.aenderungen).toEqual([
      { benutzerId: 2, adresse: { id: 6, strasse: 'B 2', plz: '2', ort: 'Y' } },
      {
        benutzerId: 3,
        konto: { iban: 'DE02120300000000202051', bic: null, inhaber: 'Dora Drei', sepa_referenz: null },
      },
    ]);
    expect([plan.unveraendert, plan.kreditoren, plan.deaktivieren]).toEqual([1, 1, []]);
    expect(abgleichMeldung(plan)).toBe(
      'Debitoren: 1 angelegt, 2 aktualisiert, 0 deaktiviert, 1 unverändert. 1 Kreditorenkonten wurden übersprungen: Kreditoren werden nicht als Benutzer geführt.',
    );
  });

  it('never removes an address the file leaves empty, and adds one where the Benutzer has none', () => {
    const plan = planeAbgleich(
      [bestand(10001, { adresse: { id: 5, strasse: 'A 1', plz: '1', ort: 'X' } }), bestand(10002)],
      [gelesen(konto(10001)), gelesen(konto(10002, { ort: 'Ulm' }))],
      false,
    );
    expect(plan.aenderungen).toEqual([
      { benutzerId: 2, adresse: { id: null, strasse: null, plz: null, ort: 'Ulm' } },
    ]);
  });

  it('deactivates debtors missing from a full export, never staff or those already inactive', () => {
    const plan = planeAbgleich(
      [
        bestand(10001),
        bestand(10002),
        bestand(10003, { mitarbeiter: true }),
        bestand(10004, { aktiviert: false }),
      ],
      [gelesen(konto(10001))],
      true,
    );
    expect(plan.deaktivieren).toEqual([2]);
    expect(planeAbgleich([bestand(10002)], [gelesen(konto(10001))], false).deaktivieren).toEqual([]);
  });

  it('refuses a full export without debtors, a wrong e-mail, a debtor number two Benutzer share', () => {
    expect(
      domainError(() => planeAbgleich([bestand(10001)], [gelesen(konto(70001), 3, 'kreditor')], true))
        .message,
    ).toContain('keine Debitoren');
    expect(
      domainError(() => planeAbgleich([], [gelesen(konto(10001, { email: 'kein@' }), 9)], false)).message,
    ).toBe('Die Datei wurde nicht importiert. Zeile 9: E-Mail-Adresse ist ungültig.');
    expect(
      domainError(() =>
        planeAbgleich([bestand(10001), bestand(10001, { benutzerId: 7 })], [gelesen(konto(10001))], false),
      ).message,
    ).toMatch(/^Die Debitorennummer 10001 haben mehrere Benutzer/);
  });

  it('exports a company by its name and a person with salutation, title and the invoice data', () => {
    const basis = {
      debitor_nr: 10001,
      vorname: 'Anna',
      nachname: 'Alt',
      gender: 'female' as const,
      titel: 'Dr.',
      akad_grad: null,
      tel1: null,
      email: 'a@b.de',
      adresse: { strasse: 'W 1', plz: '1', ort: 'X' },
      konto: { iban: 'DE89370400440532013000', bic: null, inhaber: 'Anna Alt', sepa_referenz: 'M' },
    };
    expect(personenkontoVon({ ...basis, firma: null })).toMatchObject({
      art: 'person',
      nachname: 'Alt',
      anrede: 'Frau',
      titel: 'Dr.',
      land: 'DE',
      iban: 'DE89370400440532013000',
      sepaMandatsreferenz: 'M',
    });
    expect(personenkontoVon({ ...basis, firma: 'Alt GmbH', adresse: null })).toMatchObject({
      art: 'unternehmen',
      unternehmen: 'Alt GmbH',
      nachname: null,
      anrede: 'Firma',
      land: null,
    });
  });
});
