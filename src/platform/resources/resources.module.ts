import { DynamicModule, Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MetaController } from './meta.controller';
import type { EntityClass, ResourceDefinition } from './resource-definition';
import { ResourceMetaService } from './resource-meta';
import { ResourceReader } from './resource-reader';
import { ResourceRegistry } from './resource-registry';
import { ResourceWriter } from './resource-writer';

/**
 * The generic engine. A context registers its plain resources with
 * `ResourcesModule.forFeature([...definitions])` in its module's imports; that also registers the
 * entities with TypeORM.
 */
/** One instance per context registration; it feeds the single global ResourceRegistry. */
@Module({})
export class ResourceFeatureModule {}

@Global()
@Module({
  controllers: [MetaController],
  providers: [ResourceRegistry, ResourceReader, ResourceWriter, ResourceMetaService],
  exports: [ResourceRegistry, ResourceReader, ResourceWriter, ResourceMetaService],
})
export class ResourcesModule {
  static forFeature(definitions: ResourceDefinition[], extraEntities: EntityClass[] = []): DynamicModule {
    const token = Symbol(`resources:${definitions.map((d) => d.name).join(',')}`);
    return {
      module: ResourceFeatureModule,
      imports: [TypeOrmModule.forFeature([...definitions.map((d) => d.entity), ...extraEntities])],
      providers: [
        {
          provide: token,
          useFactory: (registry: ResourceRegistry) => registry.register(definitions),
          inject: [ResourceRegistry],
        },
      ],
      exports: [TypeOrmModule],
    };
  }
}
