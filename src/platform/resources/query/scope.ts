/**
 * Named filters of a resource (ResourceDefinition.scopes): `?scope=aktuell` stands for the
 * resource's condition of that name, ANDed with the request's own `where`.
 */
import { resourceLabel } from '../../../../common/vocabulary';
import { DomainError } from '../../../shared/domain-error';
import type { ResourceDefinition } from '../resource-definition';
import type { WhereInput } from './resource-query';

interface Scoped {
  where?: WhereInput;
  scope?: string;
}

/** `query` with its scope turned into its `where`; an unknown scope is a 400 naming it. */
export function withScope<Q extends Scoped>(definition: ResourceDefinition, query: Q): Q {
  const { scope, ...rest } = query;
  if (scope === undefined) return query;
  const scopes = definition.scopes ?? {};
  if (!Object.hasOwn(scopes, scope)) {
    const name = resourceLabel(definition.name)?.plural ?? definition.name;
    const bekannt = Object.keys(scopes);
    throw DomainError.invalid(
      'UNKNOWN_SCOPE',
      bekannt.length
        ? `Unbekannter Filter „${scope}“ für „${name}“ (bekannt: ${bekannt.join(', ')}).`
        : `„${name}“ hat keine benannten Filter; „${scope}“ ist unbekannt.`,
    );
  }
  const condition = scopes[scope];
  return { ...rest, where: query.where ? { $and: [condition, query.where] } : { ...condition } } as Q;
}
