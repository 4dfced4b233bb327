import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { SeminarBuchungen } from '../../billing/application/ports/seminar-buchungen';
import { ResourceReader } from '../../platform/resources/resource-reader';
import { ResourceRegistry } from '../../platform/resources/resource-registry';
import type { ResourceQuery } from '../../platform/resources/query/resource-query';
import { teilnehmerAuswertung } from '../domain/teilnehmer-auswertung';
import { ladeTeilnehmerAller } from './teilnehmer';

/**
 * `GET /node/api/veranstaltung/teilnehmer-auswertung` (spec 003 §6, §7): the seminars the seminar
 * billing list shows (its `where` and search, read by the generic engine so both agree), each
 * with the participant list the seminar screen shows, as CSV rows; the lists of many seminars
 * are read together (ladeTeilnehmerAller), not one seminar after another.
 */
@Injectable()
export class TeilnehmerAuswertung {
  constructor(
    private readonly dataSource: DataSource,
    private readonly registry: ResourceRegistry,
    private readonly reader: ResourceReader,
    private readonly buchungen: SeminarBuchungen,
  ) {}

  async zeilen(query: Pick<ResourceQuery, 'where' | 'search'>): Promise<Record<string, string>[]> {
    const seminare = (await this.reader.list(this.registry.get('veranstaltung'), {
      where: query.where,
      search: query.search,
      attributes: ['id'],
      distinct: false,
      include: [],
      count: false,
      order: [
        { path: 'beginn', direction: 'ASC' },
        { path: 'id', direction: 'ASC' },
      ],
    })) as { id: number }[];
    const ids = seminare.map((v) => v.id);
    return teilnehmerAuswertung(await ladeTeilnehmerAller(this.dataSource.manager, this.buchungen, ids));
  }
}
