import { associationLabel, enumLabel, enumLabels, fieldLabel, labelFor, resourceLabel } from './vocabulary';

describe('the German vocabulary', () => {
  it('prefers the resource meaning of a name over the general one', () => {
    expect(fieldLabel('veranstaltung', 'titel')).toBe('Titel');
    expect(fieldLabel('storno-option', 'titel')).toBe('Bezeichnung');
    expect(fieldLabel('rw-rechnung', 'rechnungs_nr')).toBe('Rechnungsnummer');
    expect(fieldLabel('veranstaltung', 'data.lehrgang')).toBe('Lehrgang');
    expect(fieldLabel('veranstaltung', 'gibt_es_nicht')).toBeUndefined();
  });

  it('names associations and resources as the spec does', () => {
    expect(associationLabel('veranstaltung', 'Veranstaltung_Typ')).toBe('Seminar-Typ');
    expect(associationLabel('benutzer', 'Primaeremail')).toBe('Primäre Email');
    expect(resourceLabel('veranstaltung-event')).toEqual({
      singular: 'Veranstaltung',
      plural: 'Veranstaltungen',
    });
  });

  it('labels enum values, and shows a value without label as it is', () => {
    expect(enumLabels('wb-rabatt', 'typ')).toMatchObject({
      full: 'Festpreis',
      percent: 'Prozent',
      reduction: 'Nachlass',
    });
    expect(enumLabel('wb-abo', 'turnustyp', 'jaehrlich')).toBe('jährlich');
    expect(enumLabel('rw-rechnung', 'bezahloption_typ', 'debit')).toBe('Einzugsermächtigung');
    expect(enumLabel('wb-abo', 'turnustyp', 'woechentlich')).toBe('woechentlich');
  });

  it('falls back to the name only for fields the vocabulary does not know', () => {
    expect(labelFor('rw-kreis', 'titel')).toBe('Titel');
    expect(labelFor('rw-kreis', 'RW_Rechnungs')).toBe('Rechnungen');
    expect(labelFor('rw-kreis', 'unbekannt')).toBe('unbekannt');
  });
});
