/**
 * Generic saves and deletes. Incoming records are checked field by field against the entity
 * metadata (German message per field); keys that are not columns (included associations,
 * computed values the client sends back) are ignored, except many-to-many id lists such as
 * `Benutzer_Gruppes`, which replace the record's links.
 */
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, EntityMetadata } from 'typeorm';
import { matchesCondition, type ResourceOperations } from '../../../common/resource-meta';
import { enumLabel, labelFor, resourceLabel } from '../../../common/vocabulary';
import { DomainError } from '../../shared/domain-error';
import { FieldValueError, toColumnValue } from './field-values';
import { operationsOf, type ResourceDefinition, type Row, type SaveContext } from './resource-definition';
import { recordNotFound, ResourceReader } from './resource-reader';

const SYSTEM_FIELDS = new Set(['id', 'createdAt', 'updatedAt']);

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
async function labelled<T>(definition: ResourceDefinition, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof DomainError && error.code === 'INVALID_FIELDS' && error.errors) {
      throw DomainError.fields(error.errors, (field) => labelFor(definition.name, field));
    }
    throw error;
  }
}

@Injectable()
export class ResourceWriter {
  constructor(
    private readonly dataSource: DataSource,
    private readonly reader: ResourceReader,
  ) {}

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
        const value = toColumnValue(column, body[name]);
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

  private async replaceLinks(
    manager: EntityManager,
    definition: ResourceDefinition,
    id: number,
    links: { property: string; ids: number[] }[],
  ): Promise<void> {
    for (const { property, ids } of links) {
      const relation = manager.createQueryBuilder().relation(definition.entity, property).of(id);
      const current = ((await relation.loadMany()) as { id: number }[]).map((r) => r.id);
      const wanted = [...new Set(ids)];
      await relation.addAndRemove(
        wanted.filter((x) => !current.includes(x)),
        current.filter((x) => !wanted.includes(x)),
      );
    }
  }

  create(definition: ResourceDefinition, body: Row, userId: number | null): Promise<Row> {
    return labelled(definition, () => this.insert(definition, body, userId));
  }

  update(definition: ResourceDefinition, id: number, body: Row, userId: number | null): Promise<Row> {
    return labelled(definition, () => this.change(definition, id, body, userId));
  }

  private async insert(definition: ResourceDefinition, body: Row, userId: number | null): Promise<Row> {
    assertAllowed(definition, 'create');
    const values = this.values(definition, body, true);
    const metadata = this.dataSource.getMetadata(definition.entity);
    const links = this.links(metadata, body);
    const id = await this.dataSource.transaction(async (manager) => {
      const ctx: SaveContext = { manager, userId };
      await definition.hooks?.beforeSave?.(values, ctx);
      const result = await manager.insert(definition.entity, values);
      const newId = Number(result.identifiers[0]?.id);
      await this.replaceLinks(manager, definition, newId, links);
      await definition.hooks?.afterSave?.({ ...values, id: newId }, ctx);
      return newId;
    });
    return this.reader.get(definition, id);
  }

  private async change(
    definition: ResourceDefinition,
    id: number,
    body: Row,
    userId: number | null,
  ): Promise<Row> {
    assertAllowed(definition, 'update');
    const values = this.values(definition, body, false);
    const metadata = this.dataSource.getMetadata(definition.entity);
    const links = this.links(metadata, body);
    await this.dataSource.transaction(async (manager) => {
      const previous = await this.existing(manager, definition, id);
      assertAllowed(definition, 'update', previous);
      const ctx: SaveContext = { manager, userId, previous };
      await definition.hooks?.beforeSave?.(values, ctx);
      if (Object.keys(values).length > 0) await manager.update(definition.entity, id, values);
      await this.replaceLinks(manager, definition, id, links);
      await definition.hooks?.afterSave?.({ ...previous, ...values, id }, ctx);
    });
    return this.reader.get(definition, id);
  }

  async delete(definition: ResourceDefinition, ids: number[], userId: number | null): Promise<void> {
    assertAllowed(definition, 'delete');
    await this.dataSource.transaction(async (manager) => {
      for (const id of ids) {
        const record = await this.existing(manager, definition, id);
        // After the hook, so that a domain rule's own message wins over the generic one.
        await definition.hooks?.beforeDelete?.(record, { manager, userId, previous: record });
        assertAllowed(definition, 'delete', record);
        await manager.delete(definition.entity, id);
      }
    });
  }

  private async existing(manager: EntityManager, definition: ResourceDefinition, id: number): Promise<Row> {
    const record = await manager.findOne(definition.entity, { where: { id } as never });
    if (!record) throw recordNotFound(definition, id);
    return record as Row;
  }
}
