/**
 * AboSpeicher in memory, for unit specs of the Abo use cases: a unit of work works on copies and
 * puts them in place only when it ends without an error, as a committed transaction would.
 */
import type { AuditEntry } from '../../../platform/audit/audit-trail';
import type { Transaktion } from '../../../platform/database/transaktion';
import type { Periode } from '../../domain/abo-turnus';
import {
  AboSpeicher,
  type Abo,
  type AboBuchung,
  type AboTx,
  type BuchungsStorno,
  type GespeicherterTurnus,
} from './abo-speicher';

interface Tabellen {
  abos: Abo[];
  /** Links of periods to seminars and events, as `seminar:{turnus}:{id}` / `event:{turnus}:{id}`. */
  links: Set<string>;
  turni: GespeicherterTurnus[];
  buchungen: AboBuchung[];
  audit: AuditEntry[];
}

const kopie = (t: Tabellen): Tabellen => ({
  abos: t.abos.map((a) => ({ ...a })),
  links: new Set(t.links),
  turni: t.turni.map((x) => ({ ...x })),
  buchungen: t.buchungen.map((b) => ({ ...b })),
  audit: [...t.audit],
});

export class AboSpeicherImSpeicher extends AboSpeicher {
  t: Tabellen = { abos: [], links: new Set(), turni: [], buchungen: [], audit: [] };

  async transaktion<T>(arbeit: (tx: AboTx) => Promise<T>): Promise<T> {
    const t = kopie(this.t);
    const ergebnis = await arbeit(new AboTxImSpeicher(t));
    this.t = t;
    return ergebnis;
  }

  /** Works directly on the tables: the caller's transaction is the test's. */
  in(): AboTx {
    return new AboTxImSpeicher(this.t);
  }

  async aktiveAbos() {
    return this.t.abos
      .filter((a) => a.aktiv)
      .map((a) => ({
        id: a.id,
        buchungen: this.t.buchungen.filter((b) => b.wb_abo_id === a.id).map((b) => b.id),
      }));
  }

  async buchungenDesAbos(aboId: number) {
    return this.t.buchungen.filter((b) => b.wb_abo_id === aboId).map((b) => b.id);
  }
}

class AboTxImSpeicher implements AboTx {
  readonly transaktion = {} as Transaktion;
  constructor(private readonly t: Tabellen) {}

  async protokolliere(entry: AuditEntry) {
    this.t.audit.push(entry);
  }

  async abo(id: number) {
    const abo = this.t.abos.find((a) => a.id === id);
    return abo ? { ...abo } : null;
  }

  async turni(aboId: number) {
    return this.t.turni
      .filter((x) => x.wb_abo_id === aboId)
      .sort((a, b) => (a.von < b.von ? -1 : a.von > b.von ? 1 : a.id - b.id))
      .map((x) => ({ ...x }));
  }

  async turnusAnlegen(wie: GespeicherterTurnus, periode: Periode) {
    const id = Math.max(0, ...this.t.turni.map((x) => x.id)) + 1;
    this.t.turni.push({ ...wie, ...periode, id, pause: false });
    return id;
  }

  async turnusGesperrt(id: number) {
    const turnus = this.t.turni.find((x) => x.id === id);
    return turnus ? { ...turnus } : null;
  }

  async verknuepfungEntfernen(turnusId: number, art: 'seminar' | 'event', id: number) {
    return this.t.links.delete(`${art}:${turnusId}:${id}`);
  }

  async buchungGesperrt(id: number) {
    const buchung = this.t.buchungen.find((b) => b.id === id);
    return buchung ? { ...buchung } : null;
  }

  async buchungen(aboId: number) {
    return this.t.buchungen.filter((b) => b.wb_abo_id === aboId).map((b) => ({ ...b }));
  }

  async buchungAendern(id: number, werte: BuchungsStorno) {
    Object.assign(
      this.t.buchungen.find((b) => b.id === id)!,
      werte,
    );
  }
}
