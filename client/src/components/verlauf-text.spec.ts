import { changeLines } from './verlauf-text';

describe('changeLines', () => {
  it('names fields by their German labels and shows old and new values', () => {
    expect(
      changeLines('benutzer', {
        nachname: { before: 'Müller', after: 'Meier' },
        atr_mitglied: { before: false, after: true },
        tel1: { before: null, after: '0221 1' },
      }),
    ).toEqual(['Nachname: Müller → Meier', 'Mitglied: Nein → Ja', 'Telefon: – → 0221 1']);
  });

  it('shows only the value of a creation or a deletion', () => {
    expect(changeLines('benutzer', { nachname: { after: 'Weber' } })).toEqual(['Nachname: Weber']);
    expect(changeLines('benutzer', { nachname: { before: 'Weber' } })).toEqual(['Nachname: Weber']);
  });

  it('words enum values, dates and link lists the German way', () => {
    expect(changeLines('wb-rabatt', { typ: { before: 'full', after: 'percent' } })).toEqual([
      'Rabattart: Festpreis → Prozent',
    ]);
    expect(changeLines('benutzer', { stb_datum: { before: null, after: '2026-03-05' } })).toEqual([
      'StB-Datum: – → 05.03.2026',
    ]);
    expect(changeLines('benutzer', { Benutzer_Gruppes: { before: [], after: [3, 5] } })).toEqual([
      'Gruppen: – → 3, 5',
    ]);
  });

  it('says nothing for an entry without changes', () => {
    expect(changeLines('benutzer', null)).toEqual([]);
  });
});
