/** Kalkulationsquellen in SQL (both databases): one query per kind of data. */
import { Injectable } from '@nestjs/common';
import { DataSource, In, type EntityTarget, type ObjectLiteral } from 'typeorm';
import { Kalkulationsquellen } from '../../application/ports/kalkulationsquellen';
import type { KalkulationsAnfrage, KalkulationsVorgang } from '../../domain/kalkulation';
import { neuesteVersionSql } from '../../domain/vorgang';
import { RwBezahloption } from './rw-bezahloption.entity';
import { RwRechnung } from './rw-rechnung.entity';
import { RwTransaction } from './rw-transaction.entity';
import { nurSeminarVorgaenge } from './seminar-vorgaenge';

@Injectable()
export class KalkulationsquellenTypeorm extends Kalkulationsquellen {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  /** The sums tell cancelled ones apart. */
  async vorgaenge({ category, feld, ids }: KalkulationsAnfrage): Promise<KalkulationsVorgang[]> {
    const query = this.dataSource.manager
      .createQueryBuilder(RwTransaction, 't')
      .select([
        't.id',
        't.benutzer_id',
        't.betrag',
        't.verifiziert',
        't.storno',
        't.rw_rechnung_id',
        `t.${feld}`,
      ])
      .where('t.category = :category', { category })
      .andWhere(neuesteVersionSql('t'));
    if (category === 'seminare') {
      // The event's seminar names the object of an event's booking.
      query.leftJoin('t.Veranstaltung_Event', 'e').addSelect(['e.id', 'e.veranstaltung_id']);
      await nurSeminarVorgaenge(this.dataSource.manager, query, 't', ids);
    } else {
      query.andWhere(`t.${feld} IN (:...ids)`, { ids });
    }
    const zeilen = await query.getMany();
    return zeilen.map((t) => ({
      objekt_id: Number(t[feld] ?? t.Veranstaltung_Event?.veranstaltung_id),
      benutzer_id: t.benutzer_id,
      betrag: t.betrag,
      verifiziert: t.verifiziert,
      storno: t.storno,
      rw_rechnung_id: t.rw_rechnung_id,
    }));
  }

  async bezahloptionen({ category, feld, ids }: KalkulationsAnfrage) {
    const optionen = await this.dataSource.getRepository(RwBezahloption).find({
      select: { id: true, benutzer_id: true, [feld]: true },
      where: { category, [feld]: In(ids) },
    });
    const nachObjekt = new Map<number, Set<number>>();
    for (const o of optionen) {
      const objekt = Number(o[feld]);
      if (!nachObjekt.has(objekt)) nachObjekt.set(objekt, new Set());
      nachObjekt.get(objekt)!.add(o.benutzer_id);
    }
    return nachObjekt;
  }

  async rechnungen({ category, feld, ids }: KalkulationsAnfrage) {
    const rechnungen = await this.dataSource.getRepository(RwRechnung).find({
      select: { id: true, betrag: true, storno_parent_id: true, [feld]: true },
      where: { category, [feld]: In(ids) },
    });
    return rechnungen.map((r) => ({
      objekt_id: Number(r[feld]),
      betrag: r.betrag,
      storno_parent_id: r.storno_parent_id,
    }));
  }

  /** Abo bookings are promotions' entity, reached through the transaction's association to it. */
  async aboBuchungen({ ids }: KalkulationsAnfrage) {
    const ziel = this.dataSource
      .getMetadata(RwTransaction)
      .relations.find((r) => r.propertyName === 'WB_Abo_Buchung')!.inverseEntityMetadata
      .target as EntityTarget<ObjectLiteral>;
    const buchungen = await this.dataSource.getRepository(ziel).find({
      select: { id: true, wb_abo_id: true, storno_valid_from: true },
      where: { wb_abo_id: In(ids) },
    });
    return buchungen.map((b) => ({
      objekt_id: Number(b.wb_abo_id),
      storno_valid_from: (b.storno_valid_from as string | null) ?? null,
    }));
  }
}
