import { DomainError } from '../../shared/domain-error';
import {
  gutscheinSerie,
  pruefeAbo,
  pruefeRabatt,
  pruefeTurnus,
  pruefeTurnusloeschung,
  pruefeVoucher,
  pruefeWarenkorbloeschung,
} from './regeln';

function fehler(fn: () => void): DomainError {
  try {
    fn();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('kein Fehler');
}

describe('promotion save rules', () => {
  it('clears the cut-off month of a new monthly Abo and checks the ranges', () => {
    const monatlich: Record<string, unknown> = { turnustyp: 'monatlich', stichmonat: 4 };
    pruefeAbo(monatlich);
    expect(monatlich.stichmonat).toBeNull();
    const error = fehler(() => pruefeAbo({ stichtag: 29, stichmonat: 13, abrechnungsintervall: 0 }));
    expect(error.kind).toBe('invalid');
    expect(Object.keys(error.errors ?? {})).toEqual(['stichtag', 'stichmonat', 'abrechnungsintervall']);
  });

  it('refuses to change the period scheme of an existing Abo, but accepts the same values', () => {
    const previous = { turnustyp: 'jaehrlich', stichtag: 1, stichmonat: 1, abrechnungsintervall: 1 };
    expect(() => pruefeAbo({ titel: 'Neu', stichtag: 1, stichmonat: 1 }, previous)).not.toThrow();
    const error = fehler(() => pruefeAbo({ turnustyp: 'monatlich' }, previous));
    expect(error.kind).toBe('conflict');
    expect(error.message).toBe('„Turnus“ kann nach dem Anlegen des Abos nicht mehr geändert werden.');
    expect(fehler(() => pruefeAbo({ stichtag: 5, stichmonat: 3 }, previous)).message).toBe(
      '„Stichtag“, „Stichmonat“ können nach dem Anlegen des Abos nicht mehr geändert werden.',
    );
  });

  it('checks a period', () => {
    expect(() => pruefeTurnus({ von: '2026-01-01', bis: '2026-12-31', preis: 100 })).not.toThrow();
    const error = fehler(() => pruefeTurnus({ bis: '2025-12-31', preisgarantie: 0 }, { von: '2026-01-01' }));
    expect(error.errors).toEqual({
      preisgarantie: 'muss mindestens 1 sein',
      bis: 'darf nicht vor „Von“ liegen',
    });
  });

  it('resets jederXte when a per-participant limit is set and caps percentages', () => {
    const values: Record<string, unknown> = { maxTeilnehmerBuchungen: 2, jederXte: 3 };
    pruefeRabatt(values);
    expect(values.jederXte).toBe(0);
    expect(fehler(() => pruefeRabatt({ typ: 'percent', wert: 150 })).errors).toEqual({
      wert: 'darf als Prozentsatz höchstens 100 sein',
    });
  });

  it('upper-cases voucher codes and demands 10 letters or digits', () => {
    const values: Record<string, unknown> = { code: ' herbst2026 ' };
    pruefeVoucher(values);
    expect(values.code).toBe('HERBST2026');
    expect(fehler(() => pruefeVoucher({ code: 'KURZ' })).errors?.code).toMatch(/genau 10/);
  });
});

describe('deleting', () => {
  it('allows only the latest Turnus of an Abo', () => {
    expect(fehler(() => pruefeTurnusloeschung(2)).message).toBe(
      'Nur der letzte Turnus eines Abos kann gelöscht werden.',
    );
    expect(() => pruefeTurnusloeschung(0)).not.toThrow();
  });

  it('keeps a bought Warenkorb', () => {
    expect(fehler(() => pruefeWarenkorbloeschung({ gekauftAm: '2026-10-05T09:15:00.000Z' })).code).toBe(
      'WARENKORB_GEKAUFT',
    );
    expect(() => pruefeWarenkorbloeschung({ gekauftAm: null })).not.toThrow();
  });
});

describe('bulk creation of vouchers', () => {
  const serie = { num: 10, relation: 'alle' };

  it('takes 1 to 10 000 vouchers for all seminars or one, a full price of 0 by default', () => {
    expect(gutscheinSerie(serie)).toEqual({
      relation: null,
      relation_id: null,
      num: 10,
      titel: null,
      typ: 'full',
      wert: 0,
      valid: true,
    });
    expect(gutscheinSerie({ ...serie, num: 1 }).num).toBe(1);
    expect(gutscheinSerie({ ...serie, num: 10000 }).num).toBe(10000);
    expect(
      gutscheinSerie({
        num: 2,
        relation: 'Veranstaltung',
        relation_id: '5',
        typ: 'percent',
        wert: 100,
        valid: false,
      }),
    ).toMatchObject({ relation: 'Veranstaltung', relation_id: 5, typ: 'percent', wert: 100, valid: false });
    expect(gutscheinSerie({ ...serie, titel: 'x'.repeat(255) }).titel).toHaveLength(255);
  });

  it.each([
    [{ ...serie, num: 0 }, { num: 'muss eine ganze Zahl zwischen 1 und 10.000 sein' }],
    [{ ...serie, num: 10001 }, { num: 'muss eine ganze Zahl zwischen 1 und 10.000 sein' }],
    [{ ...serie, num: 2.5 }, { num: 'muss eine ganze Zahl zwischen 1 und 10.000 sein' }],
    [{ ...serie, num: '10' }, { num: 'muss eine ganze Zahl zwischen 1 und 10.000 sein' }],
    [{ num: 10 }, { relation: 'muss „alle“ oder ein Seminar sein' }],
    [
      { ...serie, typ: 'gratis' },
      { typ: 'hat einen unzulässigen Wert (erlaubt: Festpreis, Prozent, Nachlass)' },
    ],
    [{ ...serie, wert: -0.01 }, { wert: 'darf nicht negativ sein' }],
    [{ ...serie, wert: '5' }, { wert: 'darf nicht negativ sein' }],
    [{ ...serie, typ: 'percent', wert: 100.5 }, { wert: 'darf als Prozentsatz höchstens 100 sein' }],
    [{ ...serie, titel: 'x'.repeat(256) }, { titel: 'darf höchstens 255 Zeichen lang sein' }],
    [{ ...serie, titel: 5 }, { titel: 'darf höchstens 255 Zeichen lang sein' }],
  ])('refuses %j field by field', (body, errors) => {
    expect(fehler(() => gutscheinSerie(body)).errors).toEqual(errors);
  });

  it('names the fields by their German labels and refuses a body that is no object', () => {
    expect(fehler(() => gutscheinSerie(null)).message).toMatch(/^Bitte prüfen Sie die Eingaben: „.+“ muss/);
  });
});
