import { Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Req } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request } from 'express';
import { z } from 'zod';
import { DomainError } from '../../shared/domain-error';
import { currentUser } from '../auth/current-user';
import { ID_LISTE, idListe, ZodBody, type Beschriftung } from '../http/zod-body';
import type { Row } from './resource-definition';
import { ResourceReader } from './resource-reader';
import { ResourceRegistry } from './resource-registry';
import { ResourceWriter } from './resource-writer';
import { parseResourceQuery } from './query/resource-query';

export function parseId(raw: string): number {
  const id = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(id) || id <= 0) {
    throw DomainError.invalid('INVALID_ID', `Ungültige ID "${raw}".`);
  }
  return id;
}

/** A record's fields to save: which ones a resource takes, and their values, its metadata decides (resource-writer.ts). */
const Datensatz = z.record(z.string(), z.unknown());
const DATENSATZ: Beschriftung = { ganzes: 'Eintrag' };

const API = 'node/api';
const RESOURCE = ':resource';
const RESOURCE_ID = ':resource/:id';

/** The generic routes' paths as Express holds them (initWithRouteOrder in http.ts). */
export const RESOURCE_ROUTE_PATHS: ReadonlySet<unknown> = new Set(
  [RESOURCE, RESOURCE_ID].map((path) => `/${API}/${path}`),
);

/**
 * The generic list/read/save/delete API of DESIGN.md §3. Registered last (see ResourceHttpModule),
 * so that a context's own verbs such as `POST /node/api/benutzer/merge` win over `:resource/:id`;
 * at start they move ahead of every route they cannot collide with (initWithRouteOrder in http.ts).
 * The API documentation lists its routes once per resource, with the resource's fields
 * (platform/api-docs/resource-paths.ts), instead of once with a `{resource}` placeholder.
 */
@ApiExcludeController()
@Controller(API)
export class ResourceController {
  constructor(
    private readonly registry: ResourceRegistry,
    private readonly reader: ResourceReader,
    private readonly writer: ResourceWriter,
  ) {}

  @Get(RESOURCE)
  list(@Param('resource') resource: string, @Query() query: Record<string, unknown>) {
    return this.reader.list(this.registry.get(resource), parseResourceQuery(query));
  }

  @Get(RESOURCE_ID)
  get(@Param('resource') resource: string, @Param('id') id: string, @Query() query: Record<string, unknown>) {
    return this.reader.get(this.registry.get(resource), parseId(id), parseResourceQuery(query));
  }

  @Post(RESOURCE)
  create(@Param('resource') resource: string, @ZodBody(Datensatz, DATENSATZ) body: Row, @Req() req: Request) {
    return this.writer.create(this.registry.get(resource), body, currentUser(req));
  }

  @Put(RESOURCE_ID)
  update(
    @Param('resource') resource: string,
    @Param('id') id: string,
    @ZodBody(Datensatz, DATENSATZ) body: Row,
    @Req() req: Request,
  ) {
    return this.writer.update(this.registry.get(resource), parseId(id), body, currentUser(req));
  }

  @Delete(RESOURCE_ID)
  @HttpCode(200)
  async remove(@Param('resource') resource: string, @Param('id') id: string, @Req() req: Request) {
    await this.writer.delete(this.registry.get(resource), [parseId(id)], currentUser(req));
    return { deleted: 1 };
  }

  /** Deletes several records at once; the body is a list of ids (spec 001 §7, group links). */
  @Delete(RESOURCE)
  @HttpCode(200)
  async removeMany(
    @Param('resource') resource: string,
    @ZodBody(idListe, ID_LISTE) ids: number[],
    @Req() req: Request,
  ) {
    await this.writer.delete(this.registry.get(resource), ids, currentUser(req));
    return { deleted: ids.length };
  }
}
