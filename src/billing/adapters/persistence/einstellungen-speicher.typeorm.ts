/** EinstellungenSpeicher on the table `einstellung` (both databases), audited per key. */
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { auditChanges } from '../../../platform/audit/audit-changes';
import { AuditTrail, type Actor } from '../../../platform/audit/audit-trail';
import { EinstellungenSpeicher } from '../../application/ports/einstellungen-speicher';
import { Einstellung } from './einstellung.entity';

@Injectable()
export class EinstellungenSpeicherTypeorm extends EinstellungenSpeicher {
  constructor(
    private readonly dataSource: DataSource,
    private readonly audit: AuditTrail,
  ) {
    super();
  }

  async lesen<T extends object>(schluessel: string): Promise<T | null> {
    const zeile = await this.dataSource.getRepository(Einstellung).findOne({ where: { schluessel } });
    return zeile ? (zeile.wert as T) : null;
  }

  speichern<T extends object>(schluessel: string, wert: T, actor: Actor | null): Promise<void> {
    return this.dataSource.transaction(async (manager) => {
      const repo = manager.getRepository(Einstellung);
      const vorher = await repo.findOne({ where: { schluessel } });
      const neu = wert as Record<string, unknown>;
      const alt = vorher ? { ...vorher.wert } : null;
      let id: number;
      if (vorher) {
        vorher.wert = neu;
        await repo.save(vorher);
        id = vorher.id;
      } else {
        id = (await repo.save(repo.create({ schluessel, wert: neu }))).id;
      }
      await this.audit.record(manager, {
        actor,
        resource: schluessel,
        recordId: id,
        action: vorher ? 'update' : 'create',
        changes: auditChanges(alt, { ...neu }),
      });
    });
  }
}
