import { DomainError } from '../../shared/domain-error';
import { ableiten, debitorNummerVergeben, fehlendeAngaben, pruefeArbeitgeber } from './benutzer-regeln';

describe('deriving a Benutzer on save', () => {
  it('fills the automatic anrede and the names of a new person', () => {
    expect(ableiten({}, { gender: 'female', titel: 'Dr.', vorname: 'Käthe', nachname: 'Groß' })).toEqual({
      anrede: 'Sehr geehrte Frau Dr.',
      anzeigename: 'Dr. Käthe Groß',
      ansprache: 'Sehr geehrte Frau Dr. Groß',
      sortname: 'Groß, Käthe',
      benutzername: null,
      freigabe: false,
    });
  });

  it('recomputes the anrede when gender changes and the anrede was automatic', () => {
    const vorher = { gender: 'male' as const, anrede: 'Sehr geehrter Herr', nachname: 'Weiß' };
    expect(ableiten(vorher, { gender: 'female' }).anrede).toBe('Sehr geehrte Frau');
    expect(ableiten(vorher, { firma: 'Weiß GmbH' }).anrede).toBe('Sehr geehrte Damen und Herren');
  });

  it('keeps a hand-written anrede, and one written in this very save', () => {
    expect(ableiten({ gender: 'male', anrede: 'Lieber Uwe' }, { gender: 'female' }).anrede).toBe(
      'Lieber Uwe',
    );
    expect(
      ableiten({ gender: 'male', anrede: 'Sehr geehrter Herr' }, { gender: 'female', anrede: 'Liebe Ute' })
        .anrede,
    ).toBe('Liebe Ute');
  });

  it('lets benutzername follow kennnummer only while they were equal', () => {
    expect(ableiten({ kennnummer: '4711', benutzername: '4711' }, { kennnummer: '4712' }).benutzername).toBe(
      '4712',
    );
    expect(
      ableiten({ kennnummer: '4711', benutzername: 'jmueller' }, { kennnummer: '4712' }).benutzername,
    ).toBe('jmueller');
    expect(
      ableiten({ kennnummer: '4711', benutzername: '4711' }, { kennnummer: '4712', benutzername: 'neu' })
        .benutzername,
    ).toBe('neu');
    expect(ableiten({}, { kennnummer: '1' }).benutzername).toBe('1');
  });

  it('allows Freigabe only for employees', () => {
    expect(ableiten({ parent_id: 5 }, { freigabe: true }).freigabe).toBe(true);
    expect(ableiten({ parent_id: 5, freigabe: true }, { parent_id: null }).freigabe).toBe(false);
    expect(ableiten({}, { freigabe: true }).freigabe).toBe(false);
  });
});

describe('employer rules', () => {
  it('refuses oneself as employer', () => {
    expect(() => pruefeArbeitgeber(7, { id: 7, parent_id: null })).toThrow(
      'Benutzer kann nicht sich selbst zugeordnet werden!',
    );
  });

  it('refuses an employee as employer', () => {
    expect(() => pruefeArbeitgeber(7, { id: 8, parent_id: 3 })).toThrow(DomainError);
  });

  it('keeps an employer with employees of its own at the top', () => {
    expect(() => pruefeArbeitgeber(7, { id: 8, parent_id: null }, true)).toThrow(/eigenen Mitarbeitern/);
  });

  it('names each refusal by code and in German', () => {
    const abgelehnt = (run: () => void) => {
      try {
        run();
      } catch (e) {
        return [(e as DomainError).code, (e as DomainError).kind, (e as DomainError).message];
      }
      return null;
    };
    expect(abgelehnt(() => pruefeArbeitgeber(7, { id: 7, parent_id: null }))).toEqual([
      'SELBST_ZUGEORDNET',
      'conflict',
      'Benutzer kann nicht sich selbst zugeordnet werden!',
    ]);
    expect(abgelehnt(() => pruefeArbeitgeber(7, { id: 8, parent_id: 3 }))).toEqual([
      'ARBEITGEBER_IST_MITARBEITER',
      'conflict',
      'Als Arbeitgeber kommen nur Benutzer ohne eigenen Arbeitgeber in Frage.',
    ]);
    expect(abgelehnt(() => pruefeArbeitgeber(7, { id: 8, parent_id: null }, true))).toEqual([
      'ARBEITGEBER_HAT_MITARBEITER',
      'conflict',
      'Ein Benutzer mit eigenen Mitarbeitern kann nicht selbst Mitarbeiter werden.',
    ]);
    // A new Benutzer (no id yet) cannot be its own employer.
    expect(abgelehnt(() => pruefeArbeitgeber(undefined, { id: 8, parent_id: null }))).toBeNull();
  });

  it('accepts a top-level employer or none', () => {
    expect(() => pruefeArbeitgeber(7, { id: 8, parent_id: null })).not.toThrow();
    expect(() => pruefeArbeitgeber(7, null)).not.toThrow();
  });
});

describe('the required names of a Benutzer', () => {
  it.each([
    [{ nachname: 'Adler' }, null],
    [{ firma: 'Adler GmbH' }, null],
    [{ vorname: 'Anna', nachname: ' ' }, { nachname: 'oder „Firma“ muss angegeben sein' }],
    [{ vorname: 'Anna', firma: '' }, { nachname: 'oder „Firma“ muss angegeben sein' }],
    [{}, { nachname: 'oder „Firma“ muss angegeben sein' }],
    [{ nachname: null, firma: ' Adler ' }, null],
    [{ nachname: '\u200B' }, { nachname: 'oder „Firma“ muss angegeben sein' }],
    [{ nachname: '\u200C\u200D', firma: '\u2060\uFEFF ' }, { nachname: 'oder „Firma“ muss angegeben sein' }],
    [{ nachname: '\u0000\u0007', firma: '\u00AD' }, { nachname: 'oder „Firma“ muss angegeben sein' }],
    [{ nachname: '\u200BAdler' }, null],
  ])('%j → %j', (felder, fehler) => {
    expect(fehlendeAngaben(felder)).toEqual(fehler);
  });
});

describe('debitorNummerVergeben', () => {
  it('names the other Benutzer holding the number, and nothing when none does', () => {
    expect(debitorNummerVergeben(10001, { id: 7, name: 'Anna Alt' })).toEqual({
      debitor_nr: '10001 ist bereits an „Anna Alt“ (Nr. 7) vergeben',
    });
    expect(debitorNummerVergeben(10001, null)).toBeNull();
  });
});
