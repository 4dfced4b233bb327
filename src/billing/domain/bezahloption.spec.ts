import { DomainError } from '../../shared/domain-error';
import { pruefeBezahloption } from './bezahloption';

const fehler = (option: Record<string, unknown>, eigentuemer = {}) => {
  try {
    pruefeBezahloption(option, eigentuemer);
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return (error as DomainError).errors;
  }
};

const basis = { benutzer_id: 7, category: 'seminare', veranstaltung_id: 3, typ: 'transfer' };

describe('payment options', () => {
  it.each([
    ['a transfer for a seminar', basis, {}, null],
    [
      'a debit with the member’s account',
      { ...basis, typ: 'debit', benutzer_konto_id: 4 },
      { benutzer_konto_id: 7 },
      null,
    ],
    [
      'a debit without account',
      { ...basis, typ: 'debit' },
      {},
      { benutzer_konto_id: 'ist für eine Einzugsermächtigung ein Pflichtfeld' },
    ],
    [
      'someone else’s address and account',
      { ...basis, benutzer_adresse_id: 1, benutzer_konto_id: 2, neg_benutzer_konto_id: 3 },
      { benutzer_adresse_id: 8, benutzer_konto_id: null, neg_benutzer_konto_id: 7 },
      {
        benutzer_adresse_id: 'gehört nicht zu diesem Mitglied',
        benutzer_konto_id: 'gehört nicht zu diesem Mitglied',
      },
    ],
    [
      'the id field of another category',
      { ...basis, veranstaltung_id: null, wb_abo_id: 3 },
      {},
      { veranstaltung_id: 'ist für diesen Bereich ein Pflichtfeld', wb_abo_id: 'passt nicht zum Bereich' },
    ],
    [
      'refunds by debit without any account',
      { ...basis, neg_typ: 'debit' },
      {},
      { neg_benutzer_konto_id: 'ist für Erstattungen per Lastschriftkonto ein Pflichtfeld' },
    ],
    [
      'refunds by debit to the debit account',
      { ...basis, typ: 'debit', benutzer_konto_id: 4, neg_typ: 'debit' },
      { benutzer_konto_id: 7 },
      null,
    ],
    ['a Leitweg-ID with fine address', { ...basis, leitweg_id: '04011000-1234512345-06' }, {}, null],
    ['a Leitweg-ID without fine address', { ...basis, leitweg_id: '991-33333-57' }, {}, null],
    [
      'a Leitweg-ID without check digits',
      { ...basis, leitweg_id: '04011000-1234512345' },
      {},
      {
        leitweg_id:
          'ist ungültig: Grobadressierung (2–12 Ziffern), optional Feinadressierung, Prüfziffern, z. B. 04011000-1234512345-06',
      },
    ],
  ])('%s', (_name, option, eigentuemer, erwartet) => {
    expect(fehler(option, eigentuemer)).toEqual(erwartet);
  });
});
