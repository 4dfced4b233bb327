import type { Transaktion } from '../../platform/database/transaktion';
import { Nummernvergabe } from './nummernvergabe';
import { AbrechnungsspeicherInMemory } from './ports/abrechnungsspeicher.testing';
import { Uhr } from './ports/uhr';
import { SeminarAnbindung } from './seminar-anbindung';

class FesteUhr extends Uhr {
  jetzt() {
    return new Date('2026-03-10T09:00:00Z');
  }
}

describe('SeminarAnbindung (what billing answers the seminars context)', () => {
  it("answers debtor numbers and the seminar's current bookings and counts", async () => {
    const speicher = new AbrechnungsspeicherInMemory();
    const t = speicher.tabellen;
    t.debitorKreise.set(3, { template: null, current_nr: 4, offset_nr: 7000 });
    t.events.set(70, 7);
    await speicher.transaktion(async (tx) => {
      await tx.vorgangEinfuegen({
        category: 'seminare',
        veranstaltung_id: 7,
        betrag: 100,
        teilnehmer: 'Anna',
      });
      await tx.vorgangEinfuegen({ category: 'seminare', veranstaltung_event_id: 70, betrag: 50 });
      await tx.vorgangEinfuegen({ category: 'seminare', veranstaltung_id: 7, storno: true });
      await tx.vorgangEinfuegen({ category: 'seminare', veranstaltung_id: 8 });
    });
    const anbindung = new SeminarAnbindung(speicher, new Nummernvergabe(), new FesteUhr());
    const tx = {} as Transaktion;

    expect(await anbindung.naechsteDebitorNummer(tx, 3)).toBe(7005);
    expect(speicher.tabellen.debitorKreise.get(3)!.current_nr).toBe(5);
    expect(await anbindung.buchungenZuSeminar(tx, 7)).toBe(3);
    expect(await anbindung.buchungenZuEvent(tx, 70)).toBe(1);
    const seminare = new Map([
      [7, [70]],
      [9, []],
    ]);
    const aktuelle = await anbindung.aktuelleSeminarBuchungen(tx, seminare);
    expect(aktuelle.get(9)).toEqual([]);
    expect(aktuelle.get(7)).toMatchObject([
      { betrag: 100, teilnehmer: 'Anna', veranstaltung_event_id: null },
      { betrag: 50, veranstaltung_event_id: 70 },
    ]);
    const teilnahmen = await anbindung.aktuelleSeminarTeilnahmen(tx, seminare);
    expect(teilnahmen.get(7)).toEqual(
      aktuelle.get(7)!.map(({ id, veranstaltung_event_id, teilnehmer, person }) => ({
        id,
        veranstaltung_event_id,
        teilnehmer,
        person,
      })),
    );
  });
});
