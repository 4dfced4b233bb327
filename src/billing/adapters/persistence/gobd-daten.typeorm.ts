import { Injectable } from '@nestjs/common';
import {
  And,
  DataSource,
  type FindOptionsWhere,
  IsNull,
  LessThan,
  MoreThan,
  MoreThanOrEqual,
  Not,
} from 'typeorm';
import type { Pruefergebnis } from '../../../platform/audit/audit-kette';
import { AuditPruefung } from '../../../platform/audit/audit-pruefung';
import { AuditTrail, type AuditEntry } from '../../../platform/audit/audit-trail';
import type { Tabellenart, Zeile } from '../../domain/gobd-export';
import { GobdDaten } from '../../application/ports/gobd-daten';
import { RwRechnung } from './rw-rechnung.entity';
import { RwTransaction } from './rw-transaction.entity';
import { RwZahlung } from './rw-zahlung.entity';

const STAPEL = 500;

type Quelle = typeof RwRechnung | typeof RwTransaction | typeof RwZahlung;

const QUELLEN: Record<Exclude<Tabellenart, 'verlauf'>, { entity: Quelle; where: Record<string, unknown> }> = {
  rechnungen: { entity: RwRechnung, where: { storno_parent_id: IsNull() } },
  stornos: { entity: RwRechnung, where: { storno_parent_id: Not(IsNull()) } },
  buchungen: { entity: RwTransaction, where: {} },
  zahlungen: { entity: RwZahlung, where: {} },
};

@Injectable()
export class GobdDatenTypeorm extends GobdDaten {
  constructor(
    private readonly dataSource: DataSource,
    private readonly audit: AuditPruefung,
    private readonly trail: AuditTrail,
  ) {
    super();
  }

  zeilen(art: Tabellenart, von: Date, bis: Date): AsyncIterable<Zeile[]> {
    if (art === 'verlauf')
      return this.audit.zeilen(von, bis) as AsyncIterable<unknown> as AsyncIterable<Zeile[]>;
    return this.stapel(QUELLEN[art], von, bis);
  }

  private async *stapel(
    quelle: { entity: Quelle; where: Record<string, unknown> },
    von: Date,
    bis: Date,
  ): AsyncGenerator<Zeile[]> {
    let nach = 0;
    for (;;) {
      const zeilen = (await this.dataSource.manager.find(quelle.entity, {
        where: {
          ...quelle.where,
          id: MoreThan(nach),
          createdAt: And(MoreThanOrEqual(von), LessThan(bis)),
        } as FindOptionsWhere<RwRechnung>,
        order: { id: 'ASC' },
        take: STAPEL,
      })) as unknown as Zeile[];
      if (zeilen.length > 0) yield zeilen;
      if (zeilen.length < STAPEL) return;
      nach = zeilen[zeilen.length - 1].id as number;
    }
  }

  verlaufPruefen(): Promise<Pruefergebnis> {
    return this.audit.pruefe();
  }

  protokolliere(entry: AuditEntry): Promise<void> {
    return this.trail.record(this.dataSource.manager, entry);
  }
}
