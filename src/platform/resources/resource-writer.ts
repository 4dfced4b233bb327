/**
 * Generic saves and deletes. Incoming records are checked field by field against the entity
 * metadata (German message per field), each value also against what its column holds on both
 * databases (column-bounds.ts: number ranges, text lengths, years); keys that are not columns
 * (included associations, computed values the client sends back) are ignored, except many-to-many
 * id lists such as `Benutzer_Gruppes`, which replace the record's links.
 */
import { Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { DataSource, EntityManager, EntityMetadata } from 'typeorm';
import { matchesCondition, SYSTEM_FIELDS, type ResourceOperations } from '../../../common/resource-meta';
import { enumLabel, labelFor, resourceLabel } from '../../../common/vocabulary';
import { DomainError } from '../../shared/domain-error';
import { auditChanges, type AuditChanges } from '../audit/audit-changes';
import { AuditTrail, type Actor } from '../audit/audit-trail';
import { FieldValueError, toStoredValue } from './field-values';
import { operationsOf, type ResourceDefinition, type Row, type SaveContext } from './resource-definition';
import { recordNotFound, ResourceReader } from './resource-reader';

function linkIds(name: string, value: unknown): number[] {
  if (!Array.isArray(value)) throw DomainError.fields({ [name]: 'muss eine Liste sein' });
  return value.map((item) => {
    const id = typeof item === 'object' && item !== null ? (item as { id?: unknown }).id : item;
    const n = typeof id === 'string' ? Number(id) : id;
    if (typeof n !== 'number' || !Number.isInteger(n) || n <= 0) {
      throw DomainError.fields({ [name]: 'enthält eine ungültige ID' });
    }
    return n;
  });
}

/** 409 for a save based on an older version of the record than the stored one (issue 17). */
export const STALE_RECORD = 'Der Eintrag wurde inzwischen geändert. Bitte neu laden.';

const stale = () => DomainError.conflict('STALE_RECORD', STALE_RECORD);

/** The version a save carries (the one its form loaded), if any. */
function carriedVersion(body: Row): number | undefined {
  const version = body.version;
  if (version === undefined || version === null) return undefined;
  const n = typeof version === 'string' ? Number(version) : version;
  if (typeof n !== 'number' || !Number.isSafeInteger(n))
    throw DomainError.fields({ version: 'ist ungültig' });
  return n;
}

const VERBS: Record<keyof ResourceOperations, string> = {
  create: 'angelegt',
  update: 'geändert',
  delete: 'gelöscht',
};

/**
 * 409 for what the definition rules out of the generic API: the operation as such, or, given the
 * stored `record`, updating a locked one (lockedWhen) or deleting one outside deletableWhen.
 */
function assertAllowed(
  definition: ResourceDefinition,
  operation: keyof ResourceOperations,
  record?: Row,
): void {
  const refuse = (message: string) =>
    DomainError.conflict('OPERATION_REFUSED', definition.refusals?.[operation] ?? message);
  const { lockedWhen, deletableWhen } = definition;
  const name = resourceLabel(definition.name)?.plural ?? definition.name;
  if (!operationsOf(definition)[operation])
    throw refuse(`${name} können nicht über die allgemeine Bearbeitung ${VERBS[operation]} werden.`);
  if (!record) return;
  const id = String(record.id);
  if (operation === 'update' && lockedWhen && matchesCondition(record, lockedWhen))
    throw refuse(`Eintrag ${id} in „${name}“ ist abgeschlossen und kann nicht mehr geändert werden.`);
  if (operation === 'delete' && deletableWhen && !matchesCondition(record, deletableWhen))
    throw refuse(`Eintrag ${id} in „${name}“ kann nicht mehr gelöscht werden.`);
}

/**
 * Field errors name the fields by their German labels (common/vocabulary.ts): the writer's own
 * checks and the domain rules its hooks call know the field names, the writer knows the resource.
 */
export async function labelled<T>(definition: ResourceDefinition, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof DomainError && error.code === 'INVALID_FIELDS' && error.errors) {
      throw DomainError.fields(error.errors, (field) => labelFor(definition.name, field));
    }
    throw error;
  }
}

const linkMap = (links: { property: string; ids: number[] }[]) =>
  Object.fromEntries(links.map(({ property, ids }) => [property, ids]));

@Injectable()
export class ResourceWriter {
  constructor(
    private readonly dataSource: DataSource,
    private readonly reader: ResourceReader,
    private readonly audit: AuditTrail,
    private readonly moduleRef: ModuleRef,
  ) {}

  /** What hooks may ask of the modules' exports (another context's read port). */
  private readonly dienst = <T>(port: abstract new (...args: never[]) => T): T =>
    this.moduleRef.get(port, { strict: false });

  /** Checks and converts the writable fields of `body`; `create` also demands required fields. */
  values(definition: ResourceDefinition, body: Row, create: boolean): Row {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw DomainError.invalid('INVALID_BODY', 'Der Eintrag muss ein Objekt sein.');
    }
    const metadata = this.dataSource.getMetadata(definition.entity);
    const skip = new Set([...SYSTEM_FIELDS, ...(definition.hidden ?? []), ...(definition.readOnly ?? [])]);
    const values: Row = {};
    const errors: Record<string, string> = {};
    for (const column of metadata.columns) {
      const name = column.propertyName;
      if (skip.has(name) || column.isGenerated || column.relationMetadata?.isManyToMany) continue;
      const present = Object.prototype.hasOwnProperty.call(body, name) && body[name] !== undefined;
      if (!present) {
        if (create && !column.isNullable && column.default === undefined)
          errors[name] = 'ist ein Pflichtfeld';
        continue;
      }
      try {
        const value = toStoredValue(column, body[name]);
        if (value === null && !column.isNullable) throw new FieldValueError('ist ein Pflichtfeld');
        const allowed = definition.enums?.[name];
        if (allowed && value !== null && !allowed.includes(value as string)) {
          const labels = allowed.map((value) => enumLabel(definition.name, name, value));
          throw new FieldValueError(`hat einen unzulässigen Wert (erlaubt: ${labels.join(', ')})`);
        }
        values[name] = value;
      } catch (error) {
        if (!(error instanceof FieldValueError)) throw error;
        errors[name] = error.message;
      }
    }
    if (Object.keys(errors).length > 0) throw DomainError.fields(errors);
    return values;
  }

  private links(metadata: EntityMetadata, body: Row): { property: string; ids: number[] }[] {
    return metadata.manyToManyRelations
      .filter((relation) => body[relation.propertyName] !== undefined && body[relation.propertyName] !== null)
      .map((relation) => ({
        property: relation.propertyName,
        ids: linkIds(relation.propertyName, body[relation.propertyName]),
      }));
  }

  /** Replaces the record's many-to-many links; answers the changed lists (sorted ids) for the audit. */
  private async replaceLinks(
    manager: EntityManager,
    definition: ResourceDefinition,
    id: number,
    links: { property: string; ids: number[] }[],
  ): Promise<AuditChanges> {
    const changes: AuditChanges = {};
    for (const { property, ids } of links) {
      const relation = manager.createQueryBuilder().relation(definition.entity, property).of(id);
      const current = ((await relation.loadMany()) as { id: number }[]).map((r) => r.id);
      const wanted = [...new Set(ids)];
      const added = wanted.filter((x) => !current.includes(x));
      const removed = current.filter((x) => !wanted.includes(x));
      await relation.addAndRemove(added, removed);
      if (added.length || removed.length) {
        const sorted = (list: number[]) => [...list].sort((a, b) => a - b);
        changes[property] = { before: sorted(current), after: sorted(wanted) };
      }
    }
    return changes;
  }

  /**
   * `fixed`: values the server's own workflow sets, read-only fields included (a download's stored
   * file name); they are not client input and are not checked as such.
   */
  create(definition: ResourceDefinition, body: Row, actor: Actor | null, fixed: Row = {}): Promise<Row> {
    return labelled(definition, () => this.insert(definition, body, actor, fixed));
  }

  update(definition: ResourceDefinition, id: number, body: Row, actor: Actor | null): Promise<Row> {
    return labelled(definition, () => this.change(definition, id, body, actor));
  }

  private async insert(
    definition: ResourceDefinition,
    body: Row,
    actor: Actor | null,
    fixed: Row,
  ): Promise<Row> {
    assertAllowed(definition, 'create');
    const values = { ...this.values(definition, body, true), ...fixed };
    const metadata = this.dataSource.getMetadata(definition.entity);
    const links = this.links(metadata, body);
    const id = await this.dataSource.transaction(async (manager) => {
      const ctx: SaveContext = {
        manager,
        dienst: this.dienst,
        userId: actor?.id ?? null,
        actor,
        links: linkMap(links),
        eingabe: body,
      };
      await definition.hooks?.beforeSave?.(values, ctx);
      const result = await manager.insert(definition.entity, values);
      const newId = Number(result.identifiers[0]?.id);
      const linkChanges = await this.replaceLinks(manager, definition, newId, links);
      await definition.hooks?.afterSave?.({ ...values, id: newId }, ctx);
      const created = await this.existing(manager, definition, newId);
      await this.audit.record(manager, {
        actor,
        resource: definition.name,
        recordId: newId,
        action: 'create',
        changes: { ...auditChanges(null, created, definition.hidden), ...linkChanges },
      });
      return newId;
    });
    return this.reader.get(definition, id);
  }

  private async change(
    definition: ResourceDefinition,
    id: number,
    body: Row,
    actor: Actor | null,
  ): Promise<Row> {
    assertAllowed(definition, 'update');
    const values = this.values(definition, body, false);
    const metadata = this.dataSource.getMetadata(definition.entity);
    const links = this.links(metadata, body);
    const version = metadata.versionColumn ? carriedVersion(body) : undefined;
    await this.dataSource.transaction(async (manager) => {
      const previous = await this.existing(manager, definition, id);
      if (version !== undefined && version !== previous.version) throw stale();
      assertAllowed(definition, 'update', previous);
      const ctx: SaveContext = {
        manager,
        dienst: this.dienst,
        userId: actor?.id ?? null,
        actor,
        previous,
        links: linkMap(links),
      };
      await definition.hooks?.beforeSave?.(values, ctx);
      // Link changes alone raise the version too (an update of no columns, which only versioned rows allow).
      if (Object.keys(values).length > 0 || (links.length > 0 && metadata.versionColumn)) {
        // Conditional on the version read above: a save committed meanwhile by someone else
        // (between that read and this write) leaves no row to update, and this one is refused.
        const where = metadata.versionColumn ? { id, version: previous.version } : { id };
        const result = await manager.update(definition.entity, where as never, values);
        if (metadata.versionColumn && result.affected === 0) throw stale();
      }
      const linkChanges = await this.replaceLinks(manager, definition, id, links);
      await definition.hooks?.afterSave?.({ ...previous, ...values, id }, ctx);
      const changes = {
        ...auditChanges(previous, await this.existing(manager, definition, id), definition.hidden),
        ...linkChanges,
      };
      if (Object.keys(changes).length > 0)
        await this.audit.record(manager, {
          actor,
          resource: definition.name,
          recordId: id,
          action: 'update',
          changes,
        });
    });
    return this.reader.get(definition, id);
  }

  async delete(definition: ResourceDefinition, ids: number[], actor: Actor | null): Promise<void> {
    assertAllowed(definition, 'delete');
    await this.dataSource.transaction(async (manager) => {
      for (const id of ids) {
        const record = await this.existing(manager, definition, id);
        // After the hook, so that a domain rule's own message wins over the generic one.
        await definition.hooks?.beforeDelete?.(record, {
          manager,
          dienst: this.dienst,
          userId: actor?.id ?? null,
          actor,
          previous: record,
        });
        assertAllowed(definition, 'delete', record);
        await manager.delete(definition.entity, id);
        await this.audit.record(manager, {
          actor,
          resource: definition.name,
          recordId: id,
          action: 'delete',
          changes: auditChanges(record, null, definition.hidden),
        });
      }
    });
  }

  private async existing(manager: EntityManager, definition: ResourceDefinition, id: number): Promise<Row> {
    const record = await manager.findOne(definition.entity, { where: { id } as never });
    if (!record) throw recordNotFound(definition, id);
    return record as Row;
  }
}
