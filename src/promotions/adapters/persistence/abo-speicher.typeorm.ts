/**
 * AboSpeicher in SQL (both databases): the Abo's and the booking's rows locked by
 * `SELECT … FOR UPDATE` on MySQL/MariaDB; SQLite has one writer at a time.
 */
import { Injectable } from '@nestjs/common';
import { DataSource, In, type EntityManager } from 'typeorm';
import { AuditTrail, type AuditEntry } from '../../../platform/audit/audit-trail';
import { alsTransaktion, managerVon, type Transaktion } from '../../../platform/database/transaktion';
import { eurosToCents } from '../../../shared/money';
import type { Periode } from '../../domain/abo-turnus';
import {
  AboSpeicher,
  type Abo,
  type AboBuchung,
  type AboTx,
  type BuchungsStorno,
  type GespeicherterTurnus,
} from '../../application/ports/abo-speicher';
import { WbAbo, WbAboBuchung, WbAboTurnus } from './wb-abo.entity';
import { istMysql } from '../../../platform/database/dialekt';

const mitZeilensperre = (manager: EntityManager) => istMysql(manager.connection);

/** A date column as YYYY-MM-DD (the drivers answer a string or a Date). */
const tag = (wert: unknown): string =>
  wert instanceof Date ? wert.toISOString().slice(0, 10) : String(wert).slice(0, 10);

const alsTurnus = (t: WbAboTurnus): GespeicherterTurnus => ({
  id: t.id,
  wb_abo_id: t.wb_abo_id,
  von: tag(t.von),
  bis: t.bis == null ? tag(t.von) : tag(t.bis),
  preis: eurosToCents(Number(t.preis)),
  mwst: t.mwst == null ? null : Number(t.mwst),
  preisgarantie: t.preisgarantie,
  verlaengerung: t.verlaengerung,
  kuendigungsfrist: t.kuendigungsfrist,
  pause: Boolean(t.pause),
});

const alsBuchung = (b: WbAboBuchung): AboBuchung => ({
  id: b.id,
  wb_abo_id: b.wb_abo_id,
  benutzer_id: b.benutzer_id,
  teilnehmer_id: b.teilnehmer_id,
  first_turnus_id: b.first_turnus_id,
  last_turnus_id: b.last_turnus_id,
  storno_valid_from: b.storno_valid_from == null ? null : tag(b.storno_valid_from),
  storno_datum: b.storno_datum == null ? null : tag(b.storno_datum),
});

class AboTxTypeorm implements AboTx {
  readonly transaktion: Transaktion;

  constructor(
    private readonly manager: EntityManager,
    private readonly audit: AuditTrail,
  ) {
    this.transaktion = alsTransaktion(manager);
  }

  protokolliere(entry: AuditEntry): Promise<void> {
    return this.audit.record(this.manager, entry);
  }

  private gesperrt<T extends WbAbo | WbAboBuchung>(entity: new () => T, id: number, sperren: boolean) {
    const query = this.manager.createQueryBuilder(entity, 'x').where('x.id = :id', { id });
    return (sperren && mitZeilensperre(this.manager) ? query.setLock('pessimistic_write') : query).getOne();
  }

  async abo(id: number, sperren = false): Promise<Abo | null> {
    const abo = await this.gesperrt(WbAbo, id, sperren);
    if (!abo) return null;
    return {
      id: abo.id,
      aktiv: Boolean(abo.aktiv),
      auslaufen_lassen: Boolean(abo.auslaufen_lassen),
      turnustyp: abo.turnustyp,
      stichtag: abo.stichtag,
      stichmonat: abo.stichmonat,
      turn_offset_days: abo.turn_offset_days,
      abrechnungsintervall: abo.abrechnungsintervall,
      instant_storno: Boolean(abo.instant_storno),
      dyn_kuend_frist: Boolean(abo.dyn_kuend_frist),
    };
  }

  async turni(aboId: number): Promise<GespeicherterTurnus[]> {
    const turni = await this.manager.find(WbAboTurnus, {
      where: { wb_abo_id: aboId },
      order: { von: 'ASC', id: 'ASC' },
    });
    return turni.map(alsTurnus);
  }

  async turnusAnlegen(wie: GespeicherterTurnus, periode: Periode): Promise<number> {
    const result = await this.manager.insert(WbAboTurnus, {
      wb_abo_id: wie.wb_abo_id,
      von: periode.von,
      bis: periode.bis,
      preis: wie.preis / 100,
      mwst: wie.mwst,
      preisgarantie: wie.preisgarantie,
      verlaengerung: wie.verlaengerung,
      kuendigungsfrist: wie.kuendigungsfrist,
      pause: false,
    });
    return Number(result.identifiers[0]?.id);
  }

  async turnusGesperrt(id: number): Promise<GespeicherterTurnus | null> {
    const query = this.manager.createQueryBuilder(WbAboTurnus, 't').where('t.id = :id', { id });
    const turnus = await (
      mitZeilensperre(this.manager) ? query.setLock('pessimistic_write') : query
    ).getOne();
    return turnus ? alsTurnus(turnus) : null;
  }

  async verknuepfungEntfernen(turnusId: number, art: 'seminar' | 'event', id: number): Promise<boolean> {
    const [tabelle, spalte] =
      art === 'seminar'
        ? ['wb_abo_turnus_veranstaltung', 'veranstaltung_id']
        : ['wb_abo_turnus_event', 'veranstaltung_event_id'];
    const result = await this.manager
      .createQueryBuilder()
      .delete()
      .from(tabelle)
      .where(`wb_abo_turnus_id = :turnusId AND ${spalte} = :id`, { turnusId, id })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  async buchungGesperrt(id: number): Promise<AboBuchung | null> {
    const buchung = await this.gesperrt(WbAboBuchung, id, true);
    return buchung ? alsBuchung(buchung) : null;
  }

  async buchungen(aboId: number): Promise<AboBuchung[]> {
    const buchungen = await this.manager.find(WbAboBuchung, {
      where: { wb_abo_id: aboId },
      order: { id: 'ASC' },
    });
    return buchungen.map(alsBuchung);
  }

  async buchungAendern(id: number, werte: BuchungsStorno): Promise<void> {
    // Through the entity, so that its edit version rises and open edit windows reload.
    const buchung = await this.manager.findOneByOrFail(WbAboBuchung, { id });
    await this.manager.save(WbAboBuchung, Object.assign(buchung, werte));
  }
}

@Injectable()
export class AboSpeicherTypeorm extends AboSpeicher {
  constructor(
    private readonly dataSource: DataSource,
    private readonly audit: AuditTrail,
  ) {
    super();
  }

  transaktion<T>(arbeit: (tx: AboTx) => Promise<T>): Promise<T> {
    return this.dataSource.transaction((manager) => arbeit(new AboTxTypeorm(manager, this.audit)));
  }

  in(tx: Transaktion): AboTx {
    return new AboTxTypeorm(managerVon(tx), this.audit);
  }

  async aktiveAbos(): Promise<{ id: number; buchungen: number[] }[]> {
    const abos = await this.dataSource.manager.find(WbAbo, {
      select: { id: true },
      where: { aktiv: true },
      order: { id: 'ASC' },
    });
    if (abos.length === 0) return [];
    const buchungen = await this.dataSource.manager.find(WbAboBuchung, {
      select: { id: true, wb_abo_id: true },
      where: { wb_abo_id: In(abos.map((a) => a.id)) },
      order: { id: 'ASC' },
    });
    return abos.map((a) => ({
      id: a.id,
      buchungen: buchungen.filter((b) => b.wb_abo_id === a.id).map((b) => b.id),
    }));
  }

  async buchungenDesAbos(aboId: number): Promise<number[]> {
    const buchungen = await this.dataSource.manager.find(WbAboBuchung, {
      select: { id: true },
      where: { wb_abo_id: aboId },
      order: { id: 'ASC' },
    });
    return buchungen.map((b) => b.id);
  }
}
