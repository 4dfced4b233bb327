import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';
import { auditChanges } from '../../platform/audit/audit-changes';
import { AuditTrail, type Actor } from '../../platform/audit/audit-trail';
import { ReferenceMover } from '../../platform/database/reference-mover';
import { ResourceReader } from '../../platform/resources/resource-reader';
import { ResourceRegistry } from '../../platform/resources/resource-registry';
import type { Row } from '../../platform/resources/resource-definition';
import { DomainError } from '../../shared/domain-error';
import { Benutzer } from '../adapters/persistence/benutzer.entity';
import { handelnderIstAdmin, pruefeKonto } from '../adapters/persistence/konto-pruefung';
import {
  BenutzerAdresse,
  BenutzerEmail,
  BenutzerKonto,
} from '../adapters/persistence/benutzer-kontakt.entity';
import { ableiten, BenutzerStand, pruefeArbeitgeber } from '../domain/benutzer-regeln';
import { istMitarbeiter } from '../domain/mitarbeiter-konto';
import {
  type Zusammenfuehrung,
  pruefeAuftrag,
  pruefeGleicherBenutzer,
  pruefeMitarbeiterZusammenfuehrung,
  pruefeNichtGeloescht,
  uebernommeneWerte,
} from '../domain/zusammenfuehrung';

/**
 * The merges of spec 000 §4/§8, each in one transaction and irreversible: every row pointing at
 * the obsolete record is moved to the staying one, then the obsolete record is deleted. Issued
 * invoices only change their benutzer_id; their content stays as issued.
 */
@Injectable()
export class Zusammenfuehren {
  constructor(
    private readonly dataSource: DataSource,
    private readonly references: ReferenceMover,
    private readonly audit: AuditTrail,
    private readonly reader: ResourceReader,
    private readonly registry: ResourceRegistry,
  ) {}

  private async load<T extends ObjectLiteral>(
    manager: EntityManager,
    entity: EntityTarget<T>,
    id: number,
    was: string,
  ) {
    const row = await manager.findOne(entity, { where: { id } as never });
    if (!row) throw DomainError.notFound('MERGE_FEHLT', `${was} ${id} wurde nicht gefunden.`);
    return row;
  }

  /** Answers the staying Benutzer as a read of the resource answers it (no password, ever). */
  async benutzer(input: Zusammenfuehrung, actor: Actor | null): Promise<Row> {
    const felder = this.dataSource.getMetadata(Benutzer).columns.map((c) => c.propertyName);
    const auftrag = pruefeAuftrag(input, felder, true);
    const actorId = actor?.id ?? null;
    await this.dataSource.transaction(async (manager) => {
      const staying = await this.load(manager, Benutzer, auftrag.staying_id, 'Benutzer');
      const obsolete = await this.load(manager, Benutzer, auftrag.obsolete_id, 'Benutzer');
      pruefeNichtGeloescht(staying, obsolete);
      if (istMitarbeiter(staying) || istMitarbeiter(obsolete)) {
        pruefeMitarbeiterZusammenfuehrung(await handelnderIstAdmin(manager, actorId));
      }
      await pruefeKonto(manager, actorId, obsolete, null);
      await this.references.move(manager, 'benutzer', obsolete.id, staying.id);
      // An employee merged into its own employer must not end up employing itself.
      await manager.update(Benutzer, { id: staying.id, parent_id: staying.id }, { parent_id: null });
      const werte = uebernommeneWerte(obsolete as unknown as Record<string, unknown>, auftrag.take);
      if ('parent_id' in werte && werte.parent_id !== null) {
        const arbeitgeber =
          werte.parent_id === obsolete.id
            ? null
            : await manager.findOne(Benutzer, { where: { id: werte.parent_id as number } });
        pruefeArbeitgeber(staying.id, arbeitgeber, false);
        if (!arbeitgeber) werte.parent_id = null;
      }
      await manager.delete(Benutzer, obsolete.id);
      const current = await this.load(manager, Benutzer, staying.id, 'Benutzer');
      const next = { ...werte, ...ableiten(current as BenutzerStand, werte as BenutzerStand) };
      await pruefeKonto(manager, actorId, current, { ...current, ...next });
      await manager.update(Benutzer, staying.id, next);
      const merged = await this.load(manager, Benutzer, staying.id, 'Benutzer');
      await this.protokolliere(manager, actor, 'benutzer', staying, obsolete, merged, ['password']);
    });
    return this.reader.get(this.registry.get('benutzer'), auftrag.staying_id);
  }

  /** E-mails, addresses and accounts of one Benutzer. */
  async kontakt(
    art: 'email' | 'adresse' | 'konto',
    input: Zusammenfuehrung,
    actor: Actor | null,
  ): Promise<void> {
    const { entity, table, resource, was } = {
      email: { entity: BenutzerEmail, table: 'benutzer_email', resource: 'benutzer-email', was: 'E-Mail' },
      adresse: {
        entity: BenutzerAdresse,
        table: 'benutzer_adresse',
        resource: 'benutzer-adresse',
        was: 'Adresse',
      },
      konto: { entity: BenutzerKonto, table: 'benutzer_konto', resource: 'benutzer-konto', was: 'Konto' },
    }[art];
    const auftrag = pruefeAuftrag(input, [], false);
    await this.dataSource.transaction(async (manager) => {
      const staying = await this.load<{ id: number; benutzer_id: number }>(
        manager,
        entity,
        auftrag.staying_id,
        was,
      );
      const obsolete = await this.load<{ id: number; benutzer_id: number }>(
        manager,
        entity,
        auftrag.obsolete_id,
        was,
      );
      pruefeGleicherBenutzer(staying, obsolete);
      await this.references.move(manager, table, obsolete.id, staying.id);
      await manager.delete(entity, obsolete.id);
      await this.protokolliere(manager, actor, resource, staying, obsolete, staying);
    });
  }

  /**
   * Two audit entries: the staying record (what the merge changed, and which record it took in)
   * and the obsolete one (what it held when it was dissolved, and where it went).
   */
  private async protokolliere(
    manager: EntityManager,
    actor: Actor | null,
    resource: string,
    staying: { id: number },
    obsolete: { id: number },
    merged: { id: number },
    hidden: string[] = [],
  ): Promise<void> {
    const row = (record: object) => record as Record<string, unknown>;
    await this.audit.record(manager, {
      actor,
      resource,
      recordId: staying.id,
      action: 'merge',
      changes: { ...auditChanges(row(staying), row(merged), hidden), obsolete_id: { before: obsolete.id } },
    });
    await this.audit.record(manager, {
      actor,
      resource,
      recordId: obsolete.id,
      action: 'merge',
      changes: { ...auditChanges(row(obsolete), null, hidden), staying_id: { after: staying.id } },
    });
  }
}
