import type { ResourceDefinition } from '../platform/resources/resource-definition';

export const reportingResources: ResourceDefinition[] = [];
