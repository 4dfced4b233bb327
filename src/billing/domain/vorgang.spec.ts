import { DomainError } from '../../shared/domain-error';
import {
  neueVersion,
  pruefeAenderung,
  pruefeBetrag,
  pruefeLoeschung,
  pruefeStornierung,
  pruefeVerifizierung,
  pruefeVerifizierungsAenderung,
  zaehltFuerRabattgrenzen,
  zuruecksetzen,
  type Vorgang,
} from './vorgang';

const erste: Vorgang = {
  id: 5,
  first_id: 5,
  child_id: null,
  storno: false,
  locked: false,
  verifiziert: false,
  rw_rechnung_id: null,
};
const zweite: Vorgang = { ...erste, id: 9 };
const abgerechnet: Vorgang = { ...zweite, locked: true, rw_rechnung_id: 3 };
const alt: Vorgang = { ...erste, child_id: 9 };

const meldung = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return (error as DomainError).message;
  }
  return 'erlaubt';
};

describe('amounts', () => {
  it.each([
    [100, 'erlaubt'],
    [314.1, 'erlaubt'],
    [0, 'erlaubt'],
    [null, 'erlaubt'],
    ['12.34', 'erlaubt'],
    [-0.01, 'Bitte prüfen Sie die Eingaben: „betrag“ darf nicht negativ sein.'],
    [1.005, 'Bitte prüfen Sie die Eingaben: „betrag“ darf höchstens zwei Nachkommastellen haben.'],
    ['9.999', 'Bitte prüfen Sie die Eingaben: „betrag“ darf höchstens zwei Nachkommastellen haben.'],
    [99_999_999.99, 'erlaubt'],
    [1e308, 'Bitte prüfen Sie die Eingaben: „betrag“ darf höchstens 99.999.999,99 € betragen.'],
    [9e15, 'Bitte prüfen Sie die Eingaben: „betrag“ darf höchstens 99.999.999,99 € betragen.'],
  ])('%p → %s', (betrag, erwartet) => expect(meldung(() => pruefeBetrag(betrag))).toBe(erwartet));
});

describe('version transitions', () => {
  it.each<[string, Vorgang, string, string, string, string]>([
    // name, transaction, change, cancel, revert, delete
    [
      'first version',
      erste,
      'erlaubt',
      'erlaubt',
      'Die erste Version eines Vorgangs kann nur zurückgesetzt werden, wenn sie storniert ist.',
      'erlaubt',
    ],
    [
      'second version',
      zweite,
      'erlaubt',
      'erlaubt',
      'vorige-version',
      'Ein Vorgang mit früheren Versionen kann nicht gelöscht werden; bitte stornieren.',
    ],
    [
      'cancelled first version',
      { ...erste, storno: true },
      'Ein stornierter Vorgang kann nicht geändert werden.',
      'Der Vorgang ist bereits storniert.',
      'storno-aufheben',
      'erlaubt',
    ],
    [
      'invoiced',
      abgerechnet,
      'Der Vorgang ist abgerechnet und gesperrt; er kann nur noch storniert werden.',
      'erlaubt',
      'Ein gesperrter Vorgang kann nicht zurückgesetzt werden.',
      'Ein abgerechneter oder gesperrter Vorgang kann nicht gelöscht werden; bitte stornieren.',
    ],
    [
      'invoiced and cancelled',
      { ...abgerechnet, storno: true },
      'Der Vorgang ist abgerechnet und gesperrt; er kann nur noch storniert werden.',
      'Der Vorgang ist bereits storniert.',
      'Ein gesperrter Vorgang kann nicht zurückgesetzt werden.',
      'Ein abgerechneter oder gesperrter Vorgang kann nicht gelöscht werden; bitte stornieren.',
    ],
    [
      'replaced version',
      alt,
      'Dies ist eine ältere Version des Vorgangs; bearbeitet werden kann nur die aktuelle.',
      'Dies ist eine ältere Version des Vorgangs; bearbeitet werden kann nur die aktuelle.',
      'Dies ist eine ältere Version des Vorgangs; bearbeitet werden kann nur die aktuelle.',
      'Dies ist eine ältere Version des Vorgangs; bearbeitet werden kann nur die aktuelle.',
    ],
  ])('%s', (_name, t, aendern, stornieren, revert, loeschen) => {
    expect(meldung(() => pruefeAenderung(t))).toBe(aendern);
    expect(meldung(() => pruefeStornierung(t))).toBe(stornieren);
    const r = meldung(() => zuruecksetzen(t));
    expect(r === 'erlaubt' ? zuruecksetzen(t) : r).toBe(revert);
    expect(meldung(() => pruefeLoeschung(t))).toBe(loeschen);
  });

  it('refuses to verify a cancelled transaction, also when storno was stored before', () => {
    expect(meldung(() => pruefeVerifizierung({ verifiziert: true }, { storno: true }))).toBe(
      'Eine stornierte Buchung kann nicht verifiziert werden.',
    );
    expect(meldung(() => pruefeVerifizierung({ verifiziert: true, storno: true }, undefined))).not.toBe(
      'erlaubt',
    );
    expect(meldung(() => pruefeVerifizierung({ verifiziert: true }, { storno: false }))).toBe('erlaubt');
    expect(meldung(() => pruefeVerifizierung({ storno: true }, { verifiziert: false }))).toBe('erlaubt');
  });

  it('writes a new version in the same chain, open and unverified', () => {
    const stored = {
      ...erste,
      verifiziert: true,
      betrag: 349,
      titel: 'Frühjahrstagung',
      createdAt: new Date(),
      updatedAt: new Date(),
      version: 3,
    };
    expect(neueVersion(stored, { betrag: 314.1 })).toEqual({
      first_id: 5,
      child_id: null,
      storno: false,
      locked: false,
      verifiziert: false,
      rw_rechnung_id: null,
      betrag: 314.1,
      titel: 'Frühjahrstagung',
    });
    expect(neueVersion({ ...stored, first_id: null }, { verifiziert: true })).toMatchObject({
      first_id: 5,
      verifiziert: true,
    });
  });
});

describe('the single conditions of the transitions', () => {
  const code = (run: () => unknown) => {
    try {
      run();
    } catch (error) {
      return (error as DomainError).code;
    }
    return null;
  };
  const nurGesperrt: Vorgang = { ...zweite, locked: true };
  const nurAbgerechnet: Vorgang = { ...zweite, rw_rechnung_id: 3 };
  const ohneKette: Vorgang = { ...erste, first_id: null };

  it('locks a transaction that is locked or on an invoice, each alone', () => {
    for (const t of [nurGesperrt, nurAbgerechnet]) {
      expect(code(() => pruefeAenderung(t))).toBe('VORGANG_GESPERRT');
      expect(code(() => zuruecksetzen(t))).toBe('VORGANG_GESPERRT');
      expect(code(() => pruefeLoeschung(t))).toBe('VORGANG_ABGERECHNET');
      expect(code(() => pruefeVerifizierungsAenderung(t))).toBe('VORGANG_GESPERRT');
      expect(code(() => pruefeVerifizierungsAenderung({ ...t, storno: true }))).toBe('VORGANG_GESPERRT');
      expect(code(() => pruefeStornierung(t))).toBeNull();
    }
  });

  it('lets the verification of an open current version change, cancelled or not', () => {
    expect(code(() => pruefeVerifizierungsAenderung(erste))).toBeNull();
    expect(code(() => pruefeVerifizierungsAenderung({ ...zweite, storno: true }))).toBeNull();
    expect(code(() => pruefeVerifizierungsAenderung(alt))).toBe('VORGANG_VERALTET');
  });

  it('treats a version without chain as the first one', () => {
    expect(code(() => zuruecksetzen(ohneKette))).toBe('ERSTE_VERSION');
    expect(code(() => pruefeLoeschung(ohneKette))).toBeNull();
  });

  it('names each refusal by its code', () => {
    expect(code(() => pruefeAenderung(alt))).toBe('VORGANG_VERALTET');
    expect(code(() => pruefeAenderung({ ...erste, storno: true }))).toBe('VORGANG_STORNIERT');
    expect(code(() => pruefeStornierung({ ...erste, storno: true }))).toBe('VORGANG_STORNIERT');
    expect(code(() => pruefeLoeschung(zweite))).toBe('VORGANG_MIT_VERLAUF');
    expect(code(() => pruefeVerifizierung({ verifiziert: true }, { storno: true }))).toBe(
      'TRANSACTION_STORNIERT',
    );
    expect(code(() => pruefeBetrag(-1))).toBe('INVALID_FIELDS');
  });

  it('lets the saved storno flag decide over the stored one', () => {
    expect(
      code(() => pruefeVerifizierung({ verifiziert: true, storno: false }, { storno: true })),
    ).toBeNull();
    expect(code(() => pruefeVerifizierung({ verifiziert: 'ja', storno: true }, undefined))).toBeNull();
    // A new transaction has nothing stored.
    expect(code(() => pruefeVerifizierung({ verifiziert: true }, undefined))).toBeNull();
  });

  it('leaves amounts that are no number to the field check', () => {
    for (const betrag of [true, 'abc', Infinity, undefined])
      expect(code(() => pruefeBetrag(betrag))).toBeNull();
    expect(code(() => pruefeBetrag('-5'))).toBe('INVALID_FIELDS');
  });
});

describe('what the discount limits count (spec 002 §9)', () => {
  const gebucht = { category: 'seminare', veranstaltung_id: 7, child_id: null, storno: false };

  it.each([
    ['a current seminar booking', gebucht, true],
    [
      'a new booking not yet written (no child_id field at all)',
      { category: 'seminare', veranstaltung_id: 7 },
      true,
    ],
    ['a cancelled one', { ...gebucht, storno: true }, false],
    ['a version replaced by a newer one', { ...gebucht, child_id: 12 }, false],
    ['a booking of another kind', { ...gebucht, category: 'produkte' }, false],
    ['a seminar booking without seminar', { ...gebucht, veranstaltung_id: null }, false],
  ])('%s', (_fall, buchung, zaehlt) => {
    expect(zaehltFuerRabattgrenzen(buchung)).toBe(zaehlt);
  });
});
