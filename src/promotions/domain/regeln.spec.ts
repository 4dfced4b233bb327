import { domainError as fehler } from '../../shared/domain-error.testing';
import { DomainError } from '../../shared/domain-error';
import {
  gutscheinSerie,
  pruefeAbo,
  pruefeRabatt,
  pruefeTurnus,
  pruefeTurnusloeschung,
  pruefeVerkauf,
  pruefeVoucher,
  pruefeWarenkorbloeschung,
} from './regeln';

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
    expect(fehler(() => pruefeTurnus({ preis: 99.999, mwst: 19.005 })).errors).toEqual({
      preis: 'darf höchstens zwei Nachkommastellen haben',
      mwst: 'darf höchstens zwei Nachkommastellen haben',
    });
    expect(() => pruefeTurnus({ preis: 0.29, mwst: null })).not.toThrow();
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

describe('ranges and titles (spec 003 §4)', () => {
  it('names the bounds of each range, and accepts the bounds themselves', () => {
    expect(fehler(() => pruefeAbo({ stichtag: 0, stichmonat: 0, turn_offset_days: -1 })).errors).toEqual({
      stichtag: 'muss zwischen 1 und 28 liegen',
      stichmonat: 'muss zwischen 1 und 12 liegen',
      turn_offset_days: 'muss mindestens 0 sein',
    });
    expect(() =>
      pruefeAbo({ stichtag: 28, stichmonat: 12, turn_offset_days: 0, abrechnungsintervall: 1 }),
    ).not.toThrow();
    expect(() => pruefeAbo({ stichtag: 1, stichmonat: 1 })).not.toThrow();
  });

  it('checks every range of a Turnus', () => {
    expect(
      fehler(() =>
        pruefeTurnus({ preis: -0.01, mwst: 100.5, preisgarantie: 0, verlaengerung: 0, kuendigungsfrist: -1 }),
      ).errors,
    ).toEqual({
      preis: 'muss mindestens 0 sein',
      mwst: 'muss zwischen 0 und 100 liegen',
      preisgarantie: 'muss mindestens 1 sein',
      verlaengerung: 'muss mindestens 1 sein',
      kuendigungsfrist: 'muss mindestens 0 sein',
    });
    expect(() =>
      pruefeTurnus({ preis: 0, mwst: 100, preisgarantie: 1, verlaengerung: 1, kuendigungsfrist: 0 }),
    ).not.toThrow();
    expect(fehler(() => pruefeTurnus({ mwst: -1 })).errors).toEqual({
      mwst: 'muss zwischen 0 und 100 liegen',
    });
  });

  it('lets a Turnus end on the day it starts, and compares with the stored dates', () => {
    expect(() => pruefeTurnus({ von: '2026-01-01', bis: '2026-01-01' })).not.toThrow();
    expect(() => pruefeTurnus({ bis: '2025-01-01' })).not.toThrow();
    expect(() => pruefeTurnus({ von: '2026-01-01' }, { bis: '2025-01-01', von: '2024-01-01' })).toThrow(
      DomainError,
    );
  });

  it('lets the title variants of a new Abo follow its title, and keeps a variant set apart on an update', () => {
    const neu: Record<string, unknown> = { titel: 'Jahresabo' };
    pruefeAbo(neu);
    expect(neu).toMatchObject({
      titel_frontend: 'Jahresabo',
      titel_warenkorb: 'Jahresabo',
      titel_rechnung: 'Jahresabo',
    });
    const geaendert: Record<string, unknown> = { titel: 'Abo 2027' };
    pruefeAbo(geaendert, { titel: 'Abo 2026', titel_frontend: 'Unser Abo', titel_warenkorb: 'Abo 2026' });
    expect(geaendert).toEqual({ titel: 'Abo 2027', titel_warenkorb: 'Abo 2027', titel_rechnung: 'Abo 2027' });
  });

  it('has the conflict code ABO_FESTE_FELDER for a changed period scheme', () => {
    expect(fehler(() => pruefeAbo({ stichtag: 2 }, { stichtag: 1 })).code).toBe('ABO_FESTE_FELDER');
    expect(() => pruefeAbo({ stichmonat: null }, { stichmonat: undefined })).not.toThrow();
  });

  it('checks bundles and products: titles follow, prices and VAT rates not negative', () => {
    const bundle: Record<string, unknown> = { titel: 'Paket', preis: 0, mwst: 100 };
    pruefeVerkauf('wb-bundle', bundle);
    expect(bundle.titel_rechnung).toBe('Paket');
    const produkt: Record<string, unknown> = { titel: 'Buch neu' };
    pruefeVerkauf('produkt', produkt, { titel: 'Buch', titel_frontend: 'Das Buch' });
    expect(produkt).toEqual({ titel: 'Buch neu', titel_warenkorb: 'Buch neu', titel_rechnung: 'Buch neu' });
    expect(fehler(() => pruefeVerkauf('produkt', { preis: -1, mwst: 101 })).errors).toEqual({
      preis: 'muss mindestens 0 sein',
      mwst: 'muss zwischen 0 und 100 liegen',
    });
  });
});

describe('single vouchers (spec 003 §4, §9)', () => {
  it('caps a percentage at 100, also when the type was stored before', () => {
    expect(() => pruefeVoucher({ typ: 'percent', wert: 100 })).not.toThrow();
    expect(fehler(() => pruefeVoucher({ typ: 'percent', wert: 100.5 })).errors).toEqual({
      wert: 'darf als Prozentsatz höchstens 100 sein',
    });
    expect(fehler(() => pruefeVoucher({ wert: 150 }, { typ: 'percent', wert: 10 })).errors).toEqual({
      wert: 'darf als Prozentsatz höchstens 100 sein',
    });
    expect(() => pruefeVoucher({ typ: 'reduction', wert: 150 })).not.toThrow();
    expect(() => pruefeVoucher({ typ: 'percent' }, { typ: 'full', wert: 150 })).not.toThrow();
  });

  it('refuses a negative value', () => {
    expect(fehler(() => pruefeVoucher({ wert: -1 })).errors).toEqual({ wert: 'muss mindestens 0 sein' });
  });

  it('leaves a save without a code alone and refuses codes longer or shorter than 10', () => {
    const values: Record<string, unknown> = { wert: 5 };
    pruefeVoucher(values);
    expect(values).toEqual({ wert: 5 });
    expect(fehler(() => pruefeVoucher({ code: 'ABCDE12345X' })).errors).toEqual({
      code: 'muss genau 10 Buchstaben oder Ziffern lang sein',
    });
    expect(fehler(() => pruefeVoucher({ code: 'ÄBCDE12345' })).errors?.code).toBeDefined();
  });
});

describe('deleting', () => {
  it('allows only the latest Turnus of an Abo', () => {
    const error = fehler(() => pruefeTurnusloeschung(2));
    expect(error.message).toBe('Nur der letzte Turnus eines Abos kann gelöscht werden.');
    expect(error.code).toBe('TURNUS_NICHT_LETZTER');
    expect(() => pruefeTurnusloeschung(1)).toThrow(DomainError);
    expect(() => pruefeTurnusloeschung(0)).not.toThrow();
  });

  it('keeps a bought Warenkorb', () => {
    const error = fehler(() => pruefeWarenkorbloeschung({ gekauftAm: '2026-10-05T09:15:00.000Z' }));
    expect(error.code).toBe('WARENKORB_GEKAUFT');
    expect(error.message).toBe('Ein bereits gekaufter Warenkorb kann nicht gelöscht werden.');
    expect(() => pruefeWarenkorbloeschung({ gekauftAm: null })).not.toThrow();
  });
});

describe('bulk creation of vouchers', () => {
  const serie = {
    num: 10,
    relation: 'alle',
    relation_id: undefined,
    typ: 'full',
    wert: 0,
    valid: true,
  } as const;

  it('takes vouchers for all seminars or one, without a title by default', () => {
    expect(gutscheinSerie(serie)).toEqual({
      relation: null,
      relation_id: null,
      num: 10,
      titel: null,
      typ: 'full',
      wert: 0,
      valid: true,
    });
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
  });

  it.each([
    [{ ...serie, relation: undefined }, { relation: 'muss „alle“ oder ein Seminar sein' }],
    [
      { ...serie, relation: 'Veranstaltung', relation_id: 0 },
      { relation: 'muss „alle“ oder ein Seminar sein' },
    ],
    [{ ...serie, typ: 'percent', wert: 100.5 }, { wert: 'darf als Prozentsatz höchstens 100 sein' }],
    [{ ...serie, wert: 1e308 }, { wert: 'darf höchstens 99.999.999,99 € betragen' }],
    [{ ...serie, typ: 'reduction', wert: 100_000_000 }, { wert: 'darf höchstens 99.999.999,99 € betragen' }],
  ] as const)('refuses %j field by field', (anfrage, errors) => {
    expect(fehler(() => gutscheinSerie(anfrage)).errors).toEqual(errors);
  });

  it('names the fields by their German labels', () => {
    expect(
      fehler(() => gutscheinSerie({ ...serie, relation: null, typ: 'percent', wert: 101 })).message,
    ).toBe(
      'Bitte prüfen Sie die Eingaben: „Gilt für“ muss „alle“ oder ein Seminar sein; „Wert“ darf als Prozentsatz höchstens 100 sein.',
    );
  });

  it('caps only percentages at 100', () => {
    expect(gutscheinSerie({ ...serie, typ: 'reduction', wert: 150 }).wert).toBe(150);
    expect(gutscheinSerie({ ...serie, wert: 150 }).wert).toBe(150);
  });
});
