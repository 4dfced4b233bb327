import {
  buchungsAnfrage,
  gutscheinAnzeige,
  gutscheinEingabe,
  gutscheinNachschlagen,
  neueBuchung,
  typWechseln,
} from './buchung';

describe('booking dialog rules (spec 003 §4)', () => {
  const voll = {
    ...neueBuchung(),
    teilnehmer_id: 7,
    wb_rabatt_id: 3,
    voucher_code: 'ABCDEFGHIJ',
  };

  it('resets participant, discount and voucher when the type changes', () => {
    expect(typWechseln(voll, 'event')).toEqual({
      buchung_typ: 'event',
      veranstaltung_event_id: null,
      teilnehmer_id: null,
      wb_rabatt_id: undefined,
      voucher_code: '',
    });
    expect(typWechseln(voll, 'seminar')).toBe(voll);
  });

  it('uppercases a typed voucher code and looks it up at 10 characters', () => {
    expect(gutscheinEingabe('ab c12')).toBe('ABC12');
    expect(gutscheinEingabe('abcdefghijkl')).toBe('ABCDEFGHIJ');
    expect(gutscheinNachschlagen('ABC12')).toBe(false);
    expect(gutscheinNachschlagen('ABCDEFGHIJ')).toBe(true);
    expect(gutscheinNachschlagen('')).toBe(true);
  });

  it('shows percent as -x %, a reduction as -x € and full as the fixed price', () => {
    expect(gutscheinAnzeige({ typ: 'percent', wert: 12.5 })).toBe('-12,5 %');
    expect(gutscheinAnzeige({ typ: 'reduction', wert: 25 })).toBe('-25,00 €');
    expect(gutscheinAnzeige({ typ: 'full', wert: 1234.5 })).toBe('1.234,50 €');
  });

  it('builds the request once complete, an incomplete code left out', () => {
    const kontext = { benutzer_id: 5, veranstaltung_id: 9 };
    expect(buchungsAnfrage(neueBuchung(), kontext)).toBeNull();
    expect(buchungsAnfrage(voll, kontext)).toEqual({
      benutzer_id: 5,
      teilnehmer_id: 7,
      category: 'seminare',
      veranstaltung_id: 9,
      buchung_typ: 'seminar',
      wb_rabatt_id: 3,
      voucher_code: 'ABCDEFGHIJ',
    });
    const event = { ...typWechseln(voll, 'event'), teilnehmer_id: 5, voucher_code: 'ABC' };
    expect(buchungsAnfrage(event, kontext)).toBeNull();
    expect(buchungsAnfrage({ ...event, veranstaltung_event_id: 4 }, kontext)).toEqual({
      benutzer_id: 5,
      teilnehmer_id: 5,
      category: 'seminare',
      veranstaltung_event_id: 4,
      buchung_typ: 'event',
    });
  });
});
