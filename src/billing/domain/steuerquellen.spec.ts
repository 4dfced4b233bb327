import { REGELSATZ } from './rechnungslauf';
import { steuerregel } from './steuerquellen';

describe('steuerregel: VAT rate and invoice template of a booking', () => {
  it('takes both from the booked seminar (the template of its type)', () => {
    expect(steuerregel({ seminar: { titel: 'Steuerrecht', mwst: 7, rw_vorlage_id: 3 } })).toEqual({
      satz: 7,
      rw_vorlage_id: 3,
      objekt: 'Steuerrecht',
    });
  });

  it('an event booking: from the event’s seminar', () => {
    expect(steuerregel({ eventSeminar: { titel: 'Bilanz', mwst: 0, rw_vorlage_id: 4 } })).toEqual({
      satz: 0,
      rw_vorlage_id: 4,
      objekt: 'Bilanz',
    });
  });

  it('the seminar comes before the event’s seminar, value by value', () => {
    expect(
      steuerregel({
        seminar: { titel: 'Seminar', mwst: null, rw_vorlage_id: null },
        eventSeminar: { titel: 'Event', mwst: 7, rw_vorlage_id: 5 },
      }),
    ).toEqual({ satz: 7, rw_vorlage_id: 5, objekt: 'Seminar' });
  });

  it('a bundle brings its own rate and template', () => {
    expect(steuerregel({ bundle: { titel: 'Paket', mwst: 7, rw_vorlage_id: 6 } })).toEqual({
      satz: 7,
      rw_vorlage_id: 6,
      objekt: 'Paket',
    });
  });

  it('a product brings its own rate (a book at 7 %, issue 28) and template; none: the standard rate', () => {
    expect(steuerregel({ produkt: { titel: 'Buch', mwst: 7, rw_vorlage_id: 8 } })).toEqual({
      satz: 7,
      rw_vorlage_id: 8,
      objekt: 'Buch',
    });
    expect(steuerregel({ produkt: { titel: 'Buch', mwst: 0, rw_vorlage_id: 8 } }).satz).toBe(0);
    expect(steuerregel({ produkt: { titel: 'Buch', rw_vorlage_id: 8 } }).satz).toBe(REGELSATZ);
  });

  it('an Abo: the template of the Abo, the rate of the booked period, else the standard rate', () => {
    expect(steuerregel({ abo: { titel: 'Abo', rw_vorlage_id: 9 }, turnus: { mwst: 7 } })).toEqual({
      satz: 7,
      rw_vorlage_id: 9,
      objekt: 'Abo',
    });
    expect(steuerregel({ abo: { titel: 'Abo', rw_vorlage_id: 9 }, turnus: { mwst: null } }).satz).toBe(
      REGELSATZ,
    );
  });

  it('a rate of 0 % is a rate, not a missing one', () => {
    expect(steuerregel({ seminar: { mwst: 0 }, bundle: { mwst: 19 } }).satz).toBe(0);
  });

  it('the order of the candidates: seminar, event’s seminar, bundle, product, Abo (Abo period for the rate)', () => {
    const alle = {
      seminar: null,
      eventSeminar: null,
      bundle: { titel: 'B', mwst: 5, rw_vorlage_id: 11 },
      produkt: { titel: 'P', mwst: 7, rw_vorlage_id: 12 },
      abo: { titel: 'A', rw_vorlage_id: 13 },
      turnus: { mwst: 16 },
    };
    expect(steuerregel(alle)).toEqual({ satz: 5, rw_vorlage_id: 11, objekt: 'B' });
    expect(steuerregel({ ...alle, bundle: null })).toEqual({ satz: 7, rw_vorlage_id: 12, objekt: 'P' });
    expect(steuerregel({ ...alle, bundle: null, produkt: null })).toEqual({
      satz: 16,
      rw_vorlage_id: 13,
      objekt: 'A',
    });
  });

  it('nothing named: the standard rate, no template (the run refuses it), no title', () => {
    expect(steuerregel({})).toEqual({ satz: REGELSATZ, rw_vorlage_id: null, objekt: '' });
  });
});
