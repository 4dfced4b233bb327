import { pruefeAuftrag, pruefeGleicherBenutzer, uebernommeneWerte } from './zusammenfuehrung';

const felder = ['id', 'vorname', 'nachname', 'password', 'anzeigename', 'data'];

describe('merge requests', () => {
  it('accepts ids and comparable fields to take', () => {
    expect(
      pruefeAuftrag({ staying_id: '3', obsolete_id: 4, take: ['vorname', 'password'] }, felder, true),
    ).toEqual({
      staying_id: 3,
      obsolete_id: 4,
      take: ['vorname', 'password'],
    });
  });

  it('refuses merging a record with itself', () => {
    expect(() => pruefeAuftrag({ staying_id: 3, obsolete_id: 3 }, felder, true)).toThrow(/mit sich selbst/);
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

  it('refuses missing ids', () => {
    expect(() => pruefeAuftrag({ staying_id: 1 }, felder, false)).toThrow(/staying_id, obsolete_id/);
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
});
