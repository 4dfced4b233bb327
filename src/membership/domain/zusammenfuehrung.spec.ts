import { DomainError } from '../../shared/domain-error';
import { domainError } from '../../shared/domain-error.testing';
import {
  pruefeAuftrag,
  pruefeGleicherBenutzer,
  pruefeNichtGeloescht,
  uebernommeneWerte,
} from './zusammenfuehrung';

const felder = [
  'id',
  'vorname',
  'nachname',
  'aktiviert',
  'password',
  'atr_verband_admin',
  'atr_verband_mitarbeiter',
  'benutzername',
  'anzeigename',
  'data',
];

describe('merge requests', () => {
  it('accepts ids and comparable fields to take', () => {
    expect(
      pruefeAuftrag({ staying_id: 3, obsolete_id: 4, take: ['vorname', 'aktiviert'] }, felder, true),
    ).toEqual({
      staying_id: 3,
      obsolete_id: 4,
      take: ['vorname', 'aktiviert'],
    });
  });

  it('never takes the staff account: password, admin right, staff flag, login name', () => {
    expect(() =>
      pruefeAuftrag(
        {
          staying_id: 1,
          obsolete_id: 2,
          take: ['vorname', 'password', 'atr_verband_admin', 'atr_verband_mitarbeiter', 'benutzername'],
        },
        felder,
        true,
      ),
    ).toThrow(
      'Diese Felder können nicht übernommen werden: „Passwort“, „Administrator“, „Verbandsmitarbeiter“, „Benutzername“.',
    );
  });

  it('refuses merging a record with itself', () => {
    expect(() => pruefeAuftrag({ staying_id: 3, obsolete_id: 3, take: [] }, felder, true)).toThrow(
      /mit sich selbst/,
    );
  });

  it('refuses fields that are not compared or unknown', () => {
    expect(() =>
      pruefeAuftrag(
        { staying_id: 1, obsolete_id: 2, take: ['anzeigename', 'data', 'gibtsnicht'] },
        felder,
        true,
      ),
    ).toThrow('Diese Felder können nicht übernommen werden: „Anzeigename“, „Zusatzdaten“, „gibtsnicht“.');
  });

  it('takes the obsolete values, null included', () => {
    expect(uebernommeneWerte({ vorname: 'Jörg', nachname: null }, ['vorname', 'nachname'])).toEqual({
      vorname: 'Jörg',
      nachname: null,
    });
  });

  it('keeps contact merges within one Benutzer', () => {
    expect(() => pruefeGleicherBenutzer({ benutzer_id: 1 }, { benutzer_id: 2 })).toThrow(
      /desselben Benutzers/,
    );
  });

  const fehler = (fn: () => unknown) => {
    try {
      fn();
    } catch (e) {
      const error = e as DomainError;
      return { code: error.code, kind: error.kind, message: error.message };
    }
    return null;
  };

  it('refuses a merge with itself as a conflict', () => {
    expect(fehler(() => pruefeAuftrag({ staying_id: 3, obsolete_id: 3, take: [] }, felder, true))).toEqual({
      code: 'MERGE_SELBST',
      kind: 'conflict',
      message: 'Ein Eintrag kann nicht mit sich selbst zusammengeführt werden.',
    });
  });

  it('takes no fields where the resource has no choice', () => {
    expect(pruefeAuftrag({ staying_id: 1, obsolete_id: 2, take: ['vorname'] }, felder, false).take).toEqual(
      [],
    );
    expect(pruefeAuftrag({ staying_id: 1, obsolete_id: 2, take: [] }, felder, true).take).toEqual([]);
  });

  it('refuses the id as a field to take, with the code MERGE_TAKE', () => {
    expect(
      fehler(() => pruefeAuftrag({ staying_id: 1, obsolete_id: 2, take: ['id'] }, felder, true))?.code,
    ).toBe('MERGE_TAKE');
  });

  it('takes null for a value the obsolete record lacks', () => {
    expect(uebernommeneWerte({}, ['vorname'])).toEqual({ vorname: null });
  });

  it('names the conflict of contact records of two Benutzer, and accepts one Benutzer', () => {
    expect(fehler(() => pruefeGleicherBenutzer({ benutzer_id: 1 }, { benutzer_id: 2 }))).toEqual({
      code: 'MERGE_ANDERER_BENUTZER',
      kind: 'conflict',
      message: 'Es können nur Einträge desselben Benutzers zusammengeführt werden.',
    });
    expect(fehler(() => pruefeGleicherBenutzer({ benutzer_id: 1 }, { benutzer_id: 1 }))).toBeNull();
  });

  it('merges an erased Benutzer with no one, staying or obsolete', () => {
    const geloescht = { id: 7, geloescht_am: '2026-03-01' };
    const lebend = { id: 8, geloescht_am: null };
    for (const [staying, obsolete] of [
      [geloescht, lebend],
      [lebend, geloescht],
    ])
      expect(domainError(() => pruefeNichtGeloescht(staying, obsolete))).toMatchObject({
        code: 'MERGE_GELOESCHT',
        message: expect.stringMatching(/^Benutzer 7 wurde am 2026-03-01 auf Wunsch gelöscht/),
      });
    expect(() => pruefeNichtGeloescht(lebend, { id: 9, geloescht_am: null })).not.toThrow();
  });
});
