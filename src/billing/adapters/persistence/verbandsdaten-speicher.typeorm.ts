/** VerbandsdatenSpeicher on the one row of `verbandsdaten` (both databases). */
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { auditChanges } from '../../../platform/audit/audit-changes';
import { AuditTrail, type Actor } from '../../../platform/audit/audit-trail';
import { VerbandsdatenSpeicher } from '../../application/ports/verbandsdaten-speicher';
import type { Kategorie } from '../../domain/kategorie';
import { standardBefreiungsgruende, type Verbandsdaten } from '../../domain/verbandsdaten';
import { VerbandsdatenZeile } from './verbandsdaten.entity';

function alsDaten(zeile: VerbandsdatenZeile): Verbandsdaten {
  const { id: _id, createdAt: _c, updatedAt: _u, befreiungsgruende, ...felder } = zeile;
  return {
    ...felder,
    // A category added later starts with the default reason.
    befreiungsgruende: {
      ...standardBefreiungsgruende(),
      ...(befreiungsgruende as Record<Kategorie, string>),
    },
  };
}

@Injectable()
export class VerbandsdatenSpeicherTypeorm extends VerbandsdatenSpeicher {
  constructor(
    private readonly dataSource: DataSource,
    private readonly audit: AuditTrail,
  ) {
    super();
  }

  async lesen(): Promise<Verbandsdaten | null> {
    const [zeile] = await this.dataSource
      .getRepository(VerbandsdatenZeile)
      .find({ order: { id: 'ASC' }, take: 1 });
    return zeile ? alsDaten(zeile) : null;
  }

  speichern(daten: Verbandsdaten, actor: Actor | null): Promise<void> {
    return this.dataSource.transaction(async (manager) => {
      const repo = manager.getRepository(VerbandsdatenZeile);
      const [vorher] = await repo.find({ order: { id: 'ASC' }, take: 1 });
      let id: number;
      if (vorher) {
        await repo.update(vorher.id, daten);
        id = vorher.id;
      } else {
        id = (await repo.insert(daten)).identifiers[0].id as number;
      }
      await this.audit.record(manager, {
        actor,
        resource: 'verbandsdaten',
        recordId: id,
        action: vorher ? 'update' : 'create',
        changes: auditChanges(vorher ? { ...alsDaten(vorher) } : null, { ...daten }),
      });
    });
  }
}
