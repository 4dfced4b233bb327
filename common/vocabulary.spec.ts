import {
  associationLabel,
  enumLabel,
  enumLabels,
  fieldLabel,
  labelFor,
  quotedLabels,
  resourceLabel,
} from './vocabulary';

describe('the German vocabulary', () => {
  it('prefers the resource meaning of a name over the general one', () => {
    expect(fieldLabel('veranstaltung', 'titel')).toBe('Titel');
    expect(fieldLabel('storno-option', 'titel')).toBe('Bezeichnung');
    expect(fieldLabel('rw-transaction', 'titel')).toBe('Buchungstext');
    expect(fieldLabel('rw-transaction', 'betrag')).toBe('Betrag');
    expect(fieldLabel('rw-rechnung', 'betrag')).toBe('Betrag (brutto)');
    expect(fieldLabel('rw-rechnung', 'data')).toBe('Rechnungsinhalt');
    expect(fieldLabel('benutzer', 'data')).toBe('Zusatzdaten');
  });

  it('names the fields staff know by the spec words', () => {
    expect(fieldLabel('rw-rechnung', 'rechnungs_nr')).toBe('Rechnungsnummer');
    expect(fieldLabel('veranstaltung', 'id')).toBe('ID');
    expect(fieldLabel('veranstaltung', 'createdAt')).toBe('Erstellt am');
    expect(fieldLabel('veranstaltung', 'updatedAt')).toBe('Geändert am');
    expect(fieldLabel('veranstaltung', 'preis1')).toBe('Preis 1');
    expect(fieldLabel('veranstaltung', 'preis1_beschreibung')).toBe('Beschreibung Preis 1');
    expect(fieldLabel('veranstaltung', 'mwst')).toBe('MwSt. (%)');
    expect(fieldLabel('veranstaltung', 'debitor')).toBe('Debitorennummer');
    expect(fieldLabel('veranstaltung-event', 'teilnehmer_count')).toBe('Teilnehmerzahl');
  });

  it('labels the dotted sub-fields of data objects, per resource where they differ', () => {
    expect(fieldLabel('veranstaltung', 'data.lehrgang')).toBe('Lehrgang');
    expect(fieldLabel('benutzer', 'data.seminar_teilnahmen')).toBe('Seminar-Teilnahmen');
    expect(fieldLabel('veranstaltung-event', 'kosten.sollbuchung')).toBe('Sollbuchungen');
    expect(fieldLabel('benutzer-gruppe', 'data.auto_abo_storno_stichwort')).toBe('Abo-Storno-Stichwort');
    expect(fieldLabel('rw-abrechnung', 'data.betrag')).toBe('Gesamtbetrag');
    expect(fieldLabel('veranstaltung', 'data.betrag')).toBeUndefined();
  });

  it('knows nothing of names that no resource has', () => {
    expect(fieldLabel('veranstaltung', 'gibt_es_nicht')).toBeUndefined();
    expect(associationLabel('veranstaltung', 'Gibt_Es_Nicht')).toBeUndefined();
    expect(enumLabels('veranstaltung', 'titel')).toBeUndefined();
    expect(resourceLabel('gibt-es-nicht')).toBeUndefined();
  });

  it('names associations and resources as the spec does', () => {
    expect(associationLabel('veranstaltung', 'Veranstaltung_Typ')).toBe('Seminar-Typ');
    expect(associationLabel('veranstaltung', 'Storno_Options')).toBe('Storno-Optionen');
    expect(associationLabel('benutzer', 'Primaeremail')).toBe('Primäre Email');
    expect(resourceLabel('veranstaltung')).toEqual({ singular: 'Seminar', plural: 'Seminare' });
    expect(resourceLabel('veranstaltung-event')).toEqual({
      singular: 'Veranstaltung',
      plural: 'Veranstaltungen',
    });
    expect(resourceLabel('rw-rechnung')).toEqual({ singular: 'Rechnung', plural: 'Rechnungen' });
    expect(resourceLabel('rw-transaction')).toEqual({ singular: 'Vorgang', plural: 'Vorgänge' });
    expect(resourceLabel('wb-voucher')).toEqual({ singular: 'Gutschein', plural: 'Gutscheine' });
  });

  it('labels enum values, with the values of the resource where a field differs', () => {
    expect(enumLabels('wb-rabatt', 'typ')).toEqual({
      full: 'Festpreis',
      percent: 'Prozent',
      reduction: 'Nachlass',
    });
    expect(enumLabels('rw-bezahloption', 'typ')).toEqual({
      debit: 'Einzugsermächtigung',
      transfer: 'Überweisung',
    });
    expect(Object.keys(enumLabels('benutzer-gruppe', 'typ') ?? {})).toEqual([
      'Teilnehmer',
      'NWG',
      'Intern',
      'Datev',
      'Auto',
      'Bezirk',
    ]);
    expect(enumLabel('rw-transaction', 'category', 'seminare')).toBe('Seminare');
    expect(enumLabel('download', 'category', 'Anfahrtsskizze')).toBe('Anfahrtsskizze');
    expect(enumLabels('download', 'category')).not.toHaveProperty('seminare');
    expect(enumLabel('wb-abo', 'turnustyp', 'jaehrlich')).toBe('jährlich');
    expect(enumLabel('benutzer', 'gender', 'female')).toBe('weiblich');
    expect(enumLabel('rw-rechnung', 'bezahloption_typ', 'debit')).toBe('Einzugsermächtigung');
    expect(enumLabel('bescheinigung', 'data.veranstaltungTypenFilterVariant', 'exclude')).toBe('Ausschluss');
  });

  it('shows an enum value without label as it is', () => {
    expect(enumLabel('wb-abo', 'turnustyp', 'woechentlich')).toBe('woechentlich');
    expect(enumLabel('veranstaltung', 'titel', 'Steuerrecht')).toBe('Steuerrecht');
  });

  it('names fields in messages by their labels, and unknown names as they are', () => {
    expect(labelFor('rw-kreis', 'titel')).toBe('Titel');
    expect(labelFor('rw-kreis', 'RW_Rechnungs')).toBe('Rechnungen');
    expect(labelFor('rw-kreis', 'unbekannt')).toBe('unbekannt');
    expect(quotedLabels('wb-abo', ['turnustyp', 'stichtag'])).toBe('„Turnus“, „Stichtag“');
  });
});
