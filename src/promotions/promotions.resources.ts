import type { ResourceDefinition } from '../platform/resources/resource-definition';

export const promotionsResources: ResourceDefinition[] = [];
