import type { Transaktion } from '../../platform/database/transaktion';
import {
  AboVorgaenge,
  type AboPeriodenBuchung,
  type AboPeriodenVorgang,
} from '../../billing/application/ports/abo-vorgaenge';
import { KUENDIGUNG_VOR_BEGINN } from '../domain/abo-turnus';
import { AboAbrechnung, laufText } from './abo-abrechnung';
import { AboSpeicherImSpeicher } from './ports/abo-speicher.testing';

/** Billing's side as far as the Abos see it: transactions per booking and period. */
class VorgaengeImSpeicher extends AboVorgaenge {
  liste: (AboPeriodenVorgang & { wb_abo_id: number; wb_abo_buchung_id: number })[] = [];

  async vorgaengeDerBuchung(_tx: Transaktion, aboBuchungId: number) {
    return this.liste.filter((v) => v.wb_abo_buchung_id === aboBuchungId);
  }
  async periodenDerBuchungen(_tx: Transaktion, aboId: number) {
    const perioden = new Map<number, Set<number>>();
    for (const v of this.liste.filter((x) => x.wb_abo_id === aboId))
      perioden.set(
        v.wb_abo_buchung_id,
        (perioden.get(v.wb_abo_buchung_id) ?? new Set()).add(v.wb_abo_turnus_id!),
      );
    return perioden;
  }
  async abgerechnet(_tx: Transaktion, aboBuchungId: number) {
    return this.liste.filter((v) => v.wb_abo_buchung_id === aboBuchungId && v.rw_rechnung_id != null).length;
  }
  async periodeBuchen(_tx: Transaktion, b: AboPeriodenBuchung) {
    const id = this.liste.length + 1;
    this.liste.push({
      id,
      wb_abo_turnus_id: b.wb_abo_turnus_id,
      wb_abo_id: b.wb_abo_id,
      wb_abo_buchung_id: b.wb_abo_buchung_id,
      // The period's price unless the booking owes another.
      betrag: b.betrag === null ? -1 : b.betrag / 100,
      storno: false,
      locked: false,
      rw_rechnung_id: null,
    });
    return id;
  }
  async loeschen(_tx: Transaktion, id: number) {
    const v = this.liste.find((x) => x.id === id);
    if (!v || v.rw_rechnung_id != null) return false;
    this.liste = this.liste.filter((x) => x.id !== id);
    return true;
  }
  async betragAnpassen(_tx: Transaktion, id: number, betrag: number) {
    const v = this.liste.find((x) => x.id === id)!;
    if (v.rw_rechnung_id != null || v.betrag === betrag / 100) return false;
    v.betrag = betrag / 100;
    return true;
  }
}

const JETZT = new Date('2026-05-10T10:00:00Z');

function aufbau() {
  const speicher = new AboSpeicherImSpeicher();
  const vorgaenge = new VorgaengeImSpeicher();
  speicher.t.abos.push({
    id: 1,
    aktiv: true,
    auslaufen_lassen: false,
    turnustyp: 'monatlich',
    stichtag: 1,
    stichmonat: null,
    turn_offset_days: 0,
    abrechnungsintervall: 1,
    instant_storno: false,
    dyn_kuend_frist: false,
  });
  const bedingungen = { wb_abo_id: 1, mwst: 19, verlaengerung: 1, kuendigungsfrist: 14, pause: false };
  speicher.t.turni.push(
    { id: 1, von: '2026-01-01', bis: '2026-01-31', preis: 2_990, preisgarantie: 2, ...bedingungen },
    { id: 2, von: '2026-02-01', bis: '2026-02-28', preis: 3_450, preisgarantie: 1, ...bedingungen },
  );
  speicher.t.buchungen.push({
    id: 7,
    wb_abo_id: 1,
    benutzer_id: 40,
    teilnehmer_id: null,
    first_turnus_id: 1,
    last_turnus_id: null,
    storno_valid_from: null,
    storno_datum: null,
  });
  return { speicher, vorgaenge, abrechnung: new AboAbrechnung(speicher, vorgaenge) };
}

const betraege = (v: VorgaengeImSpeicher) => v.liste.map((x) => [x.wb_abo_turnus_id, x.betrag]);

describe('AboAbrechnung', () => {
  it('adds the due periods and books each once; a second run books nothing', async () => {
    const { speicher, vorgaenge, abrechnung } = aufbau();
    expect(await abrechnung.periodenAbrechnen(JETZT, '2026-03-01')).toEqual({
      stichtag: '2026-03-01',
      abos: 1,
      turnusse: 1,
      buchungen: 1,
      vorgaenge: 3,
    });
    expect(speicher.t.turni.map((x) => [x.von, x.bis, x.preis])).toContainEqual([
      '2026-03-01',
      '2026-03-31',
      3_450,
    ]);
    // February at January's guaranteed price; March at its own, the period's price.
    expect(betraege(vorgaenge)).toEqual([
      [1, -1],
      [2, 29.9],
      [3, -1],
    ]);
    const gemeldet: string[] = [];
    const zweiter = await abrechnung.periodenAbrechnen(JETZT, '2026-03-01', async (_e, _g, schritt) => {
      if (schritt) gemeldet.push(schritt);
    });
    expect(zweiter.vorgaenge).toBe(0);
    expect(vorgaenge.liste).toHaveLength(3);
    expect(gemeldet.at(-1)).toBe(
      'bis 2026-03-01: 0 Turnusse angelegt, 0 Vorgänge für 0 Abo-Buchungen gebucht',
    );
  });

  it('opens a locked transaction only for the bookings that owe a period, not for every booking', async () => {
    const { speicher, vorgaenge, abrechnung } = aufbau();
    const buchung = speicher.t.buchungen[0];
    speicher.t.buchungen.push({ ...buchung, id: 8 }, { ...buchung, id: 9 });
    expect((await abrechnung.periodenAbrechnen(JETZT, '2026-03-01')).buchungen).toBe(3);
    const transaktionen = jest.spyOn(speicher, 'transaktion');
    // Per Abo one for its new periods and one look at what its bookings owe; none per booking.
    expect((await abrechnung.periodenAbrechnen(JETZT, '2026-03-01')).vorgaenge).toBe(0);
    expect(transaktionen).toHaveBeenCalledTimes(2);
    transaktionen.mockClear();
    speicher.t.buchungen.push({ ...buchung, id: 10 });
    expect(await abrechnung.periodenAbrechnen(JETZT, '2026-03-01')).toMatchObject({
      buchungen: 1,
      vorgaenge: 3,
    });
    expect(transaktionen).toHaveBeenCalledTimes(3);
    expect(vorgaenge.liste.filter((v) => v.wb_abo_buchung_id === 10)).toHaveLength(3);
  });

  it('words a run’s counts for the Aufträge screen', () => {
    expect(laufText({ stichtag: '2026-03-01', abos: 1, turnusse: 1, buchungen: 1, vorgaenge: 3 })).toBe(
      'bis 2026-03-01: 1 Turnus angelegt, 3 Vorgänge für 1 Abo-Buchung gebucht',
    );
  });

  it('a paused Abo gets no periods, one left to run out no new ones', async () => {
    const { speicher, vorgaenge, abrechnung } = aufbau();
    speicher.t.abos[0].aktiv = false;
    expect((await abrechnung.periodenAbrechnen(JETZT, '2026-03-01')).abos).toBe(0);
    speicher.t.abos[0] = { ...speicher.t.abos[0], aktiv: true, auslaufen_lassen: true };
    expect(await abrechnung.periodenAbrechnen(JETZT, '2026-03-01')).toMatchObject({
      turnusse: 0,
      vorgaenge: 2,
    });
    expect(vorgaenge.liste).toHaveLength(2);
  });

  it('cancels with deletion and revokes, booking the periods in between again; both audited', async () => {
    const { speicher, vorgaenge, abrechnung } = aufbau();
    await abrechnung.periodenAbrechnen(JETZT, '2026-03-01');
    const actor = { id: 3, name: 'Berger' };
    const storno = await abrechnung.kuendigen(
      7,
      { storno_turnus_id: 1, delete_unsettled_transactions: true },
      actor,
      JETZT,
    );
    expect(storno).toMatchObject({ geloescht: 2, angelegt: 0 });
    expect(speicher.t.buchungen[0]).toMatchObject({
      last_turnus_id: 1,
      storno_valid_from: '2026-02-01',
      storno_datum: '2026-05-10',
    });
    expect(betraege(vorgaenge)).toEqual([[1, -1]]);

    const widerruf = await abrechnung.kuendigungWiderrufen(7, actor, JETZT);
    expect(widerruf.angelegt).toBe(2);
    expect(speicher.t.buchungen[0]).toMatchObject({ last_turnus_id: null, storno_valid_from: null });
    expect(speicher.t.audit.map((e) => [e.action, e.actor?.name])).toEqual([
      ['cancel', 'Berger'],
      ['cancel-revoked', 'Berger'],
    ]);
  });

  it('a refused cancellation changes nothing', async () => {
    const { speicher, abrechnung } = aufbau();
    speicher.t.buchungen[0].first_turnus_id = 2;
    await expect(abrechnung.kuendigen(7, { storno_turnus_id: 1 }, null, JETZT)).rejects.toThrow(
      KUENDIGUNG_VOR_BEGINN,
    );
    expect(speicher.t.buchungen[0].last_turnus_id).toBeNull();
    expect(speicher.t.audit).toEqual([]);
  });

  it('refuses to delete a booking an invoice settled, and takes a wrong entry’s transactions with it', async () => {
    const { vorgaenge, abrechnung } = aufbau();
    await abrechnung.periodenAbrechnen(JETZT, '2026-01-15');
    await abrechnung.vorLoeschung({} as Transaktion, 7, null);
    expect(vorgaenge.liste).toEqual([]);
    await abrechnung.periodenAbrechnen(JETZT, '2026-01-15');
    vorgaenge.liste[0].rw_rechnung_id = 5;
    await expect(abrechnung.vorLoeschung({} as Transaktion, 7, null)).rejects.toThrow(/bereits abgerechnet/);
  });

  it('a saved period’s amounts reach the unsettled transactions; settled and paused ones as the rules say', async () => {
    const { speicher, vorgaenge, abrechnung } = aufbau();
    await abrechnung.periodenAbrechnen(JETZT, '2026-03-01');
    vorgaenge.liste[1].rw_rechnung_id = 9;
    speicher.t.turni[0].preisgarantie = 1;
    speicher.t.turni.find((t) => t.von === '2026-03-01')!.pause = true;
    // January's own price; February its own now (settled, stays); March paused: deleted.
    expect(await abrechnung.vorgaengeAnpassen(1, null)).toBe(2);
    expect(betraege(vorgaenge)).toEqual([
      [1, 29.9],
      [2, 29.9],
    ]);
  });
});
