/**
 * Named filters of a resource: `?scope=aktuell` stands for the resource's condition of that name
 * (ResourceDefinition.scopes), `?scope=seminar:17` for the condition its filter with an argument
 * makes for 17 (ResourceDefinition.parameterScopes, which may look something up first), several
 * separated by commas (`aktuell,seminar:17`); all of them ANDed with the request's own `where`.
 */
import type { EntityManager } from 'typeorm';
import type { PlainRead } from '../../database/plain-reads';
import { resourceLabel } from '../../../../common/vocabulary';
import { DomainError } from '../../../shared/domain-error';
import type { ResourceDefinition } from '../resource-definition';
import type { WhereInput } from './resource-query';

interface Scoped {
  where?: WhereInput;
  scope?: string;
}

/** Where a filter with an argument looks things up. */
interface Db {
  read: PlainRead;
  manager: EntityManager;
}

const refused = (message: string) => DomainError.invalid('UNKNOWN_SCOPE', message);

/** The condition one scope name (`name` or `name:argument`) stands for. */
async function condition(definition: ResourceDefinition, scope: string, db: Db): Promise<WhereInput> {
  const [name, argument, ...rest] = scope.split(':').map((part) => part.trim());
  const scopes = definition.scopes ?? {};
  const parameterScopes = definition.parameterScopes ?? {};
  if (argument === undefined && Object.hasOwn(scopes, name)) return { ...scopes[name] };
  if (Object.hasOwn(parameterScopes, name)) {
    const value = Number(argument);
    if (rest.length > 0 || !/^\d+$/.test(argument ?? '') || !Number.isSafeInteger(value) || value < 1)
      throw refused(`Der Filter „${name}“ braucht eine Nummer, z. B. „${name}:17“.`);
    return parameterScopes[name].condition(value, db);
  }
  const label = resourceLabel(definition.name)?.plural ?? definition.name;
  const known = [...Object.keys(scopes), ...Object.keys(parameterScopes).map((p) => `${p}:Nummer`)];
  throw refused(
    known.length
      ? `Unbekannter Filter „${scope}“ für „${label}“ (bekannt: ${known.join(', ')}).`
      : `„${label}“ hat keine benannten Filter; „${scope}“ ist unbekannt.`,
  );
}

/** `query` with its scopes turned into its `where`; an unknown scope is a 400 naming it. */
export async function withScope<Q extends Scoped>(
  definition: ResourceDefinition,
  query: Q,
  db: Db,
): Promise<Q> {
  const { scope, ...rest } = query;
  if (scope === undefined) return query;
  const names = scope
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const conditions: WhereInput[] = [];
  for (const name of names) conditions.push(await condition(definition, name, db));
  if (query.where) conditions.push(query.where);
  const where: WhereInput | undefined = conditions.length < 2 ? conditions[0] : { $and: conditions };
  return { ...rest, where } as Q;
}
