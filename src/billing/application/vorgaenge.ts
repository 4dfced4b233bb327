/**
 * The booking transactions' verbs (spec 002 §4, §7): change (a new version), verify, cancel,
 * revert and verify all of a category object. Each runs in one transaction with the transaction
 * row locked, applies the rules of domain/vorgang.ts and writes the audit trail in the same
 * transaction; the seminars' participant counts follow (buchungGeaendert).
 */
import { Injectable } from '@nestjs/common';
import { DataSource, In, type EntityManager } from 'typeorm';
import { AuditTrail, type Actor } from '../../platform/audit/audit-trail';
import { auditChanges } from '../../platform/audit/audit-changes';
import type { Row } from '../../platform/resources/resource-definition';
import { ResourceReader } from '../../platform/resources/resource-reader';
import { ResourceRegistry } from '../../platform/resources/resource-registry';
import { labelled, ResourceWriter, STALE_RECORD } from '../../platform/resources/resource-writer';
import { DomainError } from '../../shared/domain-error';
import { buchungGeaendert } from '../../seminars/application/teilnehmer';
import { RwTransaction } from '../adapters/persistence/rw-transaction.entity';
import {
  aktuellSql,
  neueVersion,
  pruefeAenderung,
  pruefeBetrag,
  pruefeStornierung,
  pruefeVerifizierung,
  pruefeVerifizierungsAenderung,
  zuruecksetzen,
} from '../domain/vorgang';
import { gesperrt, gesperrteZeilen } from './nummernvergabe';
import { kategorieObjekt, type KategorieObjekt } from '../domain/kategorie';

const RESOURCE = 'rw-transaction';

@Injectable()
export class Vorgaenge {
  constructor(
    private readonly dataSource: DataSource,
    private readonly registry: ResourceRegistry,
    private readonly reader: ResourceReader,
    private readonly writer: ResourceWriter,
    private readonly audit: AuditTrail,
  ) {}

  private get definition() {
    return this.registry.get(RESOURCE);
  }

  private async sperren(manager: EntityManager, id: number): Promise<RwTransaction> {
    const t = await gesperrt(
      manager,
      manager.createQueryBuilder(RwTransaction, 't').where('t.id = :id', { id }),
    ).getOne();
    if (!t) throw DomainError.notFound('NOT_FOUND', `Vorgang ${id} wurde nicht gefunden.`);
    return t;
  }

  private protokolliere(
    manager: EntityManager,
    actor: Actor | null,
    id: number,
    action: string,
    before: Row | null,
    after: Row | null,
  ) {
    return this.audit.record(manager, {
      actor,
      resource: RESOURCE,
      recordId: id,
      action,
      changes: auditChanges(before, after),
    });
  }

  /**
   * PUT: verifying or cancelling changes the current version in place; any other change writes a
   * new version and answers it. Answers the transaction as it stands afterwards.
   */
  aendern(id: number, body: Row, actor: Actor | null): Promise<Row> {
    return labelled(this.definition, async () => {
      const werte = this.writer.values(this.definition, body, false);
      const aktuelleId = await this.dataSource.transaction(async (manager) => {
        const t = await this.sperren(manager, id);
        if (body.version != null && Number(body.version) !== t.version)
          throw DomainError.conflict('STALE_RECORD', STALE_RECORD);
        const vorher = { ...t } as Row;
        const geaendert = Object.keys(auditChanges(vorher, { ...vorher, ...werte }));
        if (geaendert.length === 0) return id;
        if (geaendert.includes('storno')) {
          if (geaendert.length > 1) {
            throw DomainError.conflict(
              'STORNO_ALLEIN',
              'Ein Vorgang wird ohne weitere Änderungen storniert oder wiederhergestellt.',
            );
          }
          if (werte.storno === true) {
            pruefeStornierung(t);
            return this.inPlace(manager, actor, t, { storno: true }, 'storno');
          }
          // Lifting a cancellation is reverting it, under the same rules.
          zuruecksetzen(t);
          return this.inPlace(manager, actor, t, { storno: false }, 'update');
        }
        if (geaendert.length === 1 && geaendert[0] === 'verifiziert') {
          pruefeVerifizierungsAenderung(t);
          pruefeVerifizierung(werte, vorher);
          return this.inPlace(manager, actor, t, { verifiziert: werte.verifiziert === true }, 'update');
        }
        pruefeAenderung(t);
        pruefeBetrag(werte.betrag);
        pruefeVerifizierung(werte, vorher);
        const neu = neueVersion(vorher as Row & RwTransaction, werte);
        const result = await manager.insert(RwTransaction, neu);
        const neueId = Number(result.identifiers[0]?.id);
        await manager.update(RwTransaction, t.id, { child_id: neueId });
        await buchungGeaendert(manager, [neu, vorher]);
        await this.protokolliere(manager, actor, neueId, 'create', null, { ...neu, id: neueId });
        await this.protokolliere(manager, actor, t.id, 'update', vorher, { ...vorher, child_id: neueId });
        return neueId;
      });
      return this.reader.get(this.definition, aktuelleId);
    });
  }

  private async inPlace(
    manager: EntityManager,
    actor: Actor | null,
    t: RwTransaction,
    werte: { storno?: boolean; verifiziert?: boolean },
    action: string,
  ): Promise<number> {
    const vorher = { ...t } as Row;
    await manager.update(RwTransaction, t.id, werte);
    // Only a cancellation changes who takes part; verifying leaves the participant counts alone.
    if (werte.storno !== undefined) await buchungGeaendert(manager, [vorher]);
    await this.protokolliere(manager, actor, t.id, action, vorher, { ...vorher, ...werte });
    return t.id;
  }

  /** DELETE …/{id}/revert: undoes the last step; answers the transaction now current. */
  async zuruecksetzen(id: number, actor: Actor | null): Promise<Row> {
    const aktuelleId = await this.dataSource.transaction(async (manager) => {
      const t = await this.sperren(manager, id);
      const vorher = { ...t } as Row;
      if (zuruecksetzen(t) === 'storno-aufheben') {
        return this.inPlace(manager, actor, t, { storno: false }, 'update');
      }
      const vorige = await gesperrt(
        manager,
        manager.createQueryBuilder(RwTransaction, 't').where('t.child_id = :id', { id }),
      ).getOne();
      if (!vorige)
        throw DomainError.conflict('KEINE_VORIGE_VERSION', 'Der Vorgang hat keine frühere Version.');
      await manager.update(RwTransaction, vorige.id, { child_id: null });
      await manager.delete(RwTransaction, t.id);
      await buchungGeaendert(manager, [vorher, vorige], t.id);
      await this.protokolliere(manager, actor, t.id, 'delete', vorher, null);
      await this.protokolliere(
        manager,
        actor,
        vorige.id,
        'update',
        { ...vorige },
        { ...vorige, child_id: null },
      );
      return vorige.id;
    });
    return this.reader.get(this.definition, aktuelleId);
  }

  /**
   * POST …/setAllVerifiziert: verifies every current, unverified transaction of the category
   * object that no invoice has settled yet (pruefeVerifizierungsAenderung); answers them.
   */
  async alleVerifizieren(body: unknown, actor: Actor | null): Promise<RwTransaction[]> {
    const objekt = kategorieObjekt(body);
    const ids = await this.dataSource.transaction(async (manager) => {
      const offen = await gesperrteZeilen(
        manager,
        aktuelleVorgaenge(manager, objekt)
          .andWhere('t.verifiziert = :nein', { nein: false })
          .andWhere('t.locked = :nein', { nein: false })
          .andWhere('t.rw_rechnung_id IS NULL'),
      );
      for (const t of offen) await this.inPlace(manager, actor, t, { verifiziert: true }, 'update');
      return offen.map((t) => t.id);
    });
    return this.dataSource.manager.find(RwTransaction, { where: { id: In(ids) }, order: { id: 'ASC' } });
  }
}

/** The current transactions (spec 000 §4) of a category object; a seminar's include its events'. */
export function aktuelleVorgaenge(manager: EntityManager, objekt: KategorieObjekt) {
  const query = manager
    .createQueryBuilder(RwTransaction, 't')
    .where('t.category = :category', { category: objekt.category })
    .andWhere(aktuellSql('t'));
  if (objekt.category !== 'seminare') return query.andWhere(`t.${objekt.feld} = :id`, { id: objekt.id });
  return query
    .leftJoin('t.Veranstaltung_Event', 'e')
    .andWhere('(t.veranstaltung_id = :id OR e.veranstaltung_id = :id)', { id: objekt.id });
}
