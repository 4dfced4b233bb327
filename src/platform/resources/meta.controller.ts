import { Controller, Get, Param } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { ResourceMeta } from '../../../common/resource-meta';
import { ResourceMetaService } from './resource-meta';

/** `GET /node/meta/{resource}`: the description the client's generic screens are built from. */
@Controller('node/meta')
export class MetaController {
  constructor(private readonly metas: ResourceMetaService) {}

  @ApiOperation({ summary: 'Felder und Verknüpfungen einer Ressource' })
  @Get(':resource')
  meta(@Param('resource') resource: string): ResourceMeta {
    return this.metas.meta(resource);
  }
}
