import { Injectable } from '@nestjs/common';
import { DomainError } from '../../shared/domain-error';
import type { EntityClass, ResourceDefinition } from './resource-definition';

/** All registered resources, by name and by entity; filled by ResourcesModule.forFeature(). */
@Injectable()
export class ResourceRegistry {
  private readonly byName = new Map<string, ResourceDefinition>();
  private readonly byEntity = new Map<EntityClass, ResourceDefinition>();

  register(definitions: ResourceDefinition[]): void {
    for (const definition of definitions) {
      if (this.byName.has(definition.name))
        throw new Error(`Ressource ${definition.name} ist doppelt registriert`);
      this.byName.set(definition.name, definition);
      this.byEntity.set(definition.entity, definition);
    }
  }

  get(name: string): ResourceDefinition {
    const definition = this.byName.get(name);
    if (!definition) throw DomainError.invalid('UNKNOWN_RESOURCE', `Unbekannte Ressource "${name}".`);
    return definition;
  }

  /** The definition of `name`, or undefined when no resource has it. */
  find(name: string): ResourceDefinition | undefined {
    return this.byName.get(name);
  }

  forEntity(entity: EntityClass): ResourceDefinition | undefined {
    return this.byEntity.get(entity);
  }

  names(): string[] {
    return [...this.byName.keys()].sort();
  }
}
