/**
 * Reads the audit chain back (issue 29): the check of `GET /node/api/audit/verify` and the rows
 * of a period for the tax audit's export. Both read in batches by id, so memory stays flat
 * however long the trail is.
 */
import { Injectable } from '@nestjs/common';
import { And, DataSource, LessThan, MoreThan, MoreThanOrEqual } from 'typeorm';
import { KettenPruefung, type Pruefergebnis } from './audit-kette';
import { AuditKettenKopf } from './audit-kettenkopf';
import { Audit, AuditKettenKopfZeile } from './audit.entity';

const STAPEL = 1000;

@Injectable()
export class AuditPruefung {
  constructor(
    private readonly dataSource: DataSource,
    private readonly kette: AuditKettenKopf,
  ) {}

  /** Walks the whole chain in id order; answers ok or the first broken row. */
  async pruefe(): Promise<Pruefergebnis> {
    const manager = this.dataSource.manager;
    await this.kette.altbestandNachholen(manager);
    const pruefung = new KettenPruefung();
    let nach = 0;
    for (;;) {
      const zeilen = await manager.find(Audit, {
        where: { id: MoreThan(nach) },
        order: { id: 'ASC' },
        take: STAPEL,
      });
      for (const zeile of zeilen) {
        const bruch = pruefung.pruefe(zeile);
        if (bruch) return { ok: false, geprueft: pruefung.geprueft, ...bruch };
      }
      if (zeilen.length === STAPEL) {
        nach = zeilen[zeilen.length - 1].id;
        continue;
      }
      nach = pruefung.letzteId ?? 0;
      const kopf = await manager.findOneByOrFail(AuditKettenKopfZeile, { id: 1 });
      // Rows appended while the last batch was read: the head names them, so read on.
      if (
        kopf.letzte_id !== null &&
        kopf.letzte_id > nach &&
        (await manager.existsBy(Audit, { id: MoreThan(nach) }))
      )
        continue;
      const bruch = pruefung.ende(kopf);
      return bruch
        ? { ok: false, geprueft: pruefung.geprueft, ...bruch }
        : { ok: true, geprueft: pruefung.geprueft };
    }
  }

  /** The rows written in [von, bis), in id order, a batch at a time. */
  async *zeilen(von: Date, bis: Date): AsyncGenerator<Audit[]> {
    let nach = 0;
    for (;;) {
      const zeilen = await this.dataSource.manager.find(Audit, {
        where: { id: MoreThan(nach), createdAt: And(MoreThanOrEqual(von), LessThan(bis)) },
        order: { id: 'ASC' },
        take: STAPEL,
      });
      if (zeilen.length > 0) yield zeilen;
      if (zeilen.length < STAPEL) return;
      nach = zeilen[zeilen.length - 1].id;
    }
  }
}
