import { titelFolgt } from './angebot';
import { gutscheinBezug, gutscheinWertText } from './gutschein';
import { gueltigkeitsModus, modusWaehlen, rabattEinheit, rabattFehler, rabattFolgt } from './rabatt';

describe('titles follow the internal title while equal', () => {
  const vorher = {
    titel: 'Alt',
    titel_frontend: 'Alt',
    titel_warenkorb: null,
    titel_rechnung: 'Eigene Rechnung',
  };
  it.each([
    ['equal and empty variants follow', {}, { titel_frontend: 'Neu', titel_warenkorb: 'Neu' }],
    ['a variant set apart stays', {}, { titel_rechnung: undefined }],
    ['a variant given with the change is kept', { titel_frontend: 'Web' }, { titel_frontend: 'Web' }],
  ])('%s', (_, extra, erwartet) => {
    const folge = titelFolgt(vorher, { titel: 'Neu', ...extra });
    expect(folge).toMatchObject(
      Object.fromEntries(Object.entries(erwartet).filter(([, v]) => v !== undefined)),
    );
    expect(folge).not.toHaveProperty('titel_rechnung');
  });
  it('changes nothing when the title stays', () => {
    expect(titelFolgt(vorher, { titel: 'Alt' })).toEqual({ titel: 'Alt' });
    expect(titelFolgt(vorher, { wert: 3 })).toEqual({ wert: 3 });
  });
  it('fills all variants of a new record', () => {
    expect(titelFolgt({}, { titel: 'Paket' })).toEqual({
      titel: 'Paket',
      titel_frontend: 'Paket',
      titel_warenkorb: 'Paket',
      titel_rechnung: 'Paket',
    });
  });
});

describe('validity mode', () => {
  it.each([
    [{ gueltigSeminarbezogen: true, gueltigVon: '2026-01-01' }, 'seminarbezogen'],
    [{ gueltigVon: '2026-01-01' }, 'zeitraum'],
    [{ gueltigBis: '2026-01-01' }, 'zeitraum'],
    [{ gueltigVon: null, gueltigBis: null }, 'immer'],
  ])('%j is %s', (werte, modus) => expect(gueltigkeitsModus(werte)).toBe(modus));
  it("'immer' clears the dates", () =>
    expect(modusWaehlen('immer')).toEqual({
      gueltigSeminarbezogen: false,
      gueltigVon: null,
      gueltigBis: null,
    }));
  it('seminarbezogen sets the flag, zeitraum clears it', () => {
    expect(modusWaehlen('seminarbezogen')).toEqual({ gueltigSeminarbezogen: true });
    expect(modusWaehlen('zeitraum')).toEqual({ gueltigSeminarbezogen: false });
  });
});

describe('rabattFolgt', () => {
  it('clears minPreis when the type becomes full', () => {
    expect(rabattFolgt({ typ: 'percent', minPreis: 100 }, { typ: 'full' })).toEqual({
      typ: 'full',
      minPreis: null,
    });
    expect(rabattFolgt({ typ: 'full' }, { typ: 'percent' })).toEqual({ typ: 'percent' });
    // A full discount stored with a minimum price loses it when saved as it is.
    expect(rabattFolgt({ typ: 'full', minPreis: 100 }, { wert: 80, minPreis: 100 })).toEqual({
      wert: 80,
      minPreis: null,
    });
    // A new one stays, for rabattFehler to refuse.
    expect(rabattFolgt({ typ: 'full', minPreis: null }, { minPreis: 50 })).toEqual({ minPreis: 50 });
  });
  it('resets jederXte when maxTeilnehmerBuchungen goes above 0', () => {
    expect(rabattFolgt({ jederXte: 5 }, { maxTeilnehmerBuchungen: 1 })).toEqual({
      maxTeilnehmerBuchungen: 1,
      jederXte: 0,
    });
    expect(rabattFolgt({ jederXte: 5, maxTeilnehmerBuchungen: 1 }, { maxTeilnehmerBuchungen: 0 })).toEqual({
      maxTeilnehmerBuchungen: 0,
    });
  });
  it('shows values with their unit', () => {
    expect([rabattEinheit('full'), rabattEinheit('percent'), rabattEinheit('reduction')]).toEqual([
      '€',
      '%',
      '€',
    ]);
  });
});

describe('rabattFehler', () => {
  it.each([
    [{ wert: -0.01 }, { wert: 'darf nicht negativ sein' }],
    [{ typ: 'percent', wert: 100.5 }, { wert: 'darf als Prozentsatz höchstens 100 sein' }],
    [{ typ: 'reduction', wert: 150 }, {}],
    [{ typ: 'full', minPreis: 0 }, { minPreis: 'ist bei der Rabattart „Festpreis“ nicht möglich' }],
    [{ typ: 'percent', minPreis: -5 }, { minPreis: 'darf nicht negativ sein' }],
    [{ jederXte: -1 }, { jederXte: 'muss eine ganze Zahl ab 0 sein' }],
    [
      { seminareVon: '2026-02-01', seminareBis: '2026-01-31' },
      { seminareBis: 'darf nicht vor „Seminare von“ liegen' },
    ],
    [
      { gueltigVon: '2026-02-01', gueltigBis: '2026-01-31' },
      { gueltigBis: 'darf nicht vor „Gültig von“ liegen' },
    ],
    [
      { gueltigSeminarbezogen: true, gueltigVonTageVorSeminar: 10, gueltigBisTageVorSeminar: 20 },
      { gueltigBisTageVorSeminar: 'darf nicht größer als „Gültig ab Tage vor Seminar“ sein' },
    ],
  ])('%j', (eingabe, fehler) => expect(rabattFehler({ typ: 'reduction' }, eingabe)).toEqual(fehler));
});

describe('rabattFehler at its boundaries', () => {
  it.each([
    [{ wert: 0 }, {}],
    [{ typ: 'percent', wert: 100 }, {}],
    [{ typ: 'percent', minPreis: 0 }, {}],
    [{ typ: 'percent', minPreis: 5 }, {}],
    [{ typ: 'full', minPreis: null }, {}],
    [{ typ: 'full', minPreis: -1 }, { minPreis: 'ist bei der Rabattart „Festpreis“ nicht möglich' }],
    [{ maxSeminarBuchungen: 0, jederXte: 3 }, {}],
    [{ maxTeilnehmerBuchungen: 1.5 }, { maxTeilnehmerBuchungen: 'muss eine ganze Zahl ab 0 sein' }],
    [{ gueltigVon: '2026-01-31', gueltigBis: '2026-01-31' }, {}],
    [{ gueltigVon: '2026-01-01', gueltigBis: '2026-02-01' }, {}],
    [{ gueltigVon: '2026-02-01', gueltigBis: '' }, {}],
    [{ gueltigSeminarbezogen: true, gueltigVonTageVorSeminar: 10, gueltigBisTageVorSeminar: 10 }, {}],
    [{ gueltigSeminarbezogen: true, gueltigVonTageVorSeminar: 20, gueltigBisTageVorSeminar: 10 }, {}],
    [{ gueltigSeminarbezogen: true, gueltigBisTageVorSeminar: 20 }, {}],
    // The days before a seminar count only for a seminar-related discount.
    [{ gueltigSeminarbezogen: false, gueltigVonTageVorSeminar: 10, gueltigBisTageVorSeminar: 20 }, {}],
  ])('accepts or refuses %j', (eingabe, fehler) =>
    expect(rabattFehler({ typ: 'reduction' }, eingabe)).toEqual(fehler),
  );
});

describe('rabattFolgt leaves alone what the change does not touch', () => {
  it('keeps a new minimum price of a fixed price, for rabattFehler to refuse', () => {
    expect(rabattFolgt({ typ: 'full', minPreis: 100 }, { minPreis: 50 })).toEqual({ minPreis: 50 });
  });
  it('keeps the minimum price of other types and adds none to a fixed price without one', () => {
    expect(rabattFolgt({ typ: 'percent', minPreis: 100 }, { wert: 5 })).toEqual({ wert: 5 });
    expect(rabattFolgt({ typ: 'full' }, { wert: 5 })).toEqual({ wert: 5 });
  });
  it('resets jederXte only when the limit or jederXte is part of the change, and only when set', () => {
    expect(rabattFolgt({ maxTeilnehmerBuchungen: 2, jederXte: 5 }, { wert: 5 })).toEqual({ wert: 5 });
    expect(rabattFolgt({ maxTeilnehmerBuchungen: 2 }, { jederXte: 3 })).toEqual({ jederXte: 0 });
    expect(rabattFolgt({ jederXte: 0 }, { maxTeilnehmerBuchungen: 1 })).toEqual({
      maxTeilnehmerBuchungen: 1,
    });
  });
});

describe('vouchers', () => {
  it.each([
    ['percent', 10, '− 10 %'],
    ['percent', 12.5, '− 12,5 %'],
    ['reduction', 25, '− 25,00 €'],
    ['full', 1234.5, '1.234,50 €'],
  ])('%s %d is shown as %s', (typ, wert, text) => expect(gutscheinWertText(typ, wert)).toBe(text));
  it('reads the relation of the table', () => {
    expect(gutscheinBezug('alle', undefined)).toEqual({ relation: null, relation_id: null });
    expect(gutscheinBezug('Veranstaltung', '12')).toEqual({ relation: 'Veranstaltung', relation_id: 12 });
    expect(gutscheinBezug('Veranstaltung', 'x')).toBeNull();
    expect(gutscheinBezug(undefined, undefined)).toBeNull();
    expect(gutscheinBezug('Veranstaltung', 0)).toBeNull();
    expect(gutscheinBezug('Veranstaltung', '1.5')).toBeNull();
    expect(gutscheinBezug('Newsletter', 12)).toBeNull();
  });
});
