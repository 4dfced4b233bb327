import { abrechnungsPfad, buchungsQuery, buchungsZeile, nachBucher } from './buchungen';

describe('booking overview helpers', () => {
  it('asks only for current transactions of the user', () => {
    expect(buchungsQuery('benutzer', 7)).toMatchObject({ where: { benutzer_id: 7 }, scope: 'aktuell' });
    const teilnehmer = buchungsQuery('teilnehmer', 7);
    expect(teilnehmer).toMatchObject({ where: { teilnehmer_id: 7 }, scope: 'aktuell' });
    expect(JSON.stringify(teilnehmer.include)).toContain('"Benutzer"');
  });

  it('links each line to its seminar or abo billing', () => {
    expect(abrechnungsPfad({ veranstaltung_id: 3, benutzer_id: 9 })).toBe('/rw/seminar-abrechnung/3/9');
    expect(abrechnungsPfad({ wb_abo_id: 4, benutzer_id: 9 })).toBe('/rw/abo-abrechnung/4/9');
    expect(abrechnungsPfad({ benutzer_id: 9 })).toBeNull();
  });

  it('shows the Berlin booking day and the seminar or abo title', () => {
    const row = buchungsZeile({
      buchung_time: '2026-03-31T22:30:00.000Z',
      WB_Abo: { id: 1, titel: 'Abo A' },
    });
    expect(row).toMatchObject({ buchung_datum: '2026-04-01', objekt: 'Abo A' });
  });

  it('groups participant bookings per booking user', () => {
    const groups = nachBucher([
      { id: 1, benutzer_id: 5, Benutzer: { anzeigename: 'Firma A' } },
      { id: 2, benutzer_id: 6, Benutzer: { anzeigename: 'Firma B' } },
      { id: 3, benutzer_id: 5, Benutzer: { anzeigename: 'Firma A' } },
    ]);
    expect(groups.map((g) => [g.name, g.rows.map((r) => r.id)])).toEqual([
      ['Firma A', [1, 3]],
      ['Firma B', [2]],
    ]);
  });
});
