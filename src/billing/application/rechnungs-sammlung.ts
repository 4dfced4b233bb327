/**
 * Many invoices as one download (spec 002 §7, issue 28): `GET /node/api/rw-rechnung/multiple?
 * type=pdf|zip&where=…` selects with the generic list's query language (where, search, scope)
 * and hands the invoices' PDFs out one at a time — each from RechnungsDokument.render, the same
 * document the single download serves — for the HTTP adapter to stream as a ZIP or one merged PDF.
 * `simulateRenderMultiple` answers beforehand what that download would hold, without rendering:
 * how many invoices, which numbers, the file's name, or the same German refusal.
 */
import { Injectable } from '@nestjs/common';
import { ResourceReader } from '../../platform/resources/resource-reader';
import { ResourceRegistry } from '../../platform/resources/resource-registry';
import { parseResourceQuery, type ResourceQuery } from '../../platform/resources/query/resource-query';
import { DomainError } from '../../shared/domain-error';
import { RechnungsDokument, type Rechnungsdatei } from './rechnungs-dokument';

export const SAMMEL_ARTEN = ['zip', 'pdf'] as const;
export type SammelArt = (typeof SAMMEL_ARTEN)[number];

/** The most invoices one download holds: a year of a large association, still a ZIP without ZIP64. */
export const HOECHSTENS = 5000;
/** How many invoice numbers the preview names. */
const VORSCHAU = 20;

export interface Sammelauswahl {
  art: SammelArt;
  name: string;
  rechnungen: { id: number; rechnungs_nr: string }[];
}

export interface Sammelvorschau {
  art: SammelArt;
  name: string;
  anzahl: number;
  /** The first invoice numbers, in the download's order. */
  rechnungs_nr: string[];
  weitere: number;
}

function artAus(wert: unknown): SammelArt {
  if (SAMMEL_ARTEN.includes(wert as SammelArt)) return wert as SammelArt;
  throw DomainError.invalid('TYP', 'Der Parameter „type“ muss „pdf“ oder „zip“ sein.');
}

const keineRechnungen = () =>
  DomainError.conflict('KEINE_RECHNUNGEN', 'Die Auswahl enthält keine Rechnungen.');

@Injectable()
export class RechnungsSammlung {
  constructor(
    private readonly registry: ResourceRegistry,
    private readonly reader: ResourceReader,
    private readonly dokument: RechnungsDokument,
  ) {}

  /**
   * The invoices the query selects, in issuing order; refused when none or too many (ids and
   * numbers only: a few hundred KB for the most a download may hold).
   */
  async auswahl(query: Record<string, unknown>): Promise<Sammelauswahl> {
    const art = artAus(query.type);
    const { where, search, scope } = parseResourceQuery({
      where: query.where,
      search: query.search,
      scope: query.scope,
    });
    const definition = this.registry.get('rw-rechnung');
    const abfrage: ResourceQuery = {
      where,
      search,
      scope,
      attributes: ['id', 'rechnungs_nr'],
      include: [],
      order: [{ path: 'id', direction: 'ASC' }],
      count: false,
      distinct: false,
    };
    // Counted first: a selection over the limit is refused without reading its rows.
    const anzahl = await this.reader.count(definition, abfrage);
    if (anzahl === 0) throw keineRechnungen();
    if (anzahl > HOECHSTENS)
      throw DomainError.conflict(
        'ZU_VIELE_RECHNUNGEN',
        `Es können höchstens ${HOECHSTENS} Rechnungen auf einmal heruntergeladen werden; bitte grenzen Sie die Auswahl ein.`,
      );
    const rechnungen = (await this.reader.list(definition, abfrage)) as {
      id: number;
      rechnungs_nr: string;
    }[];
    // Deleted between count and read: as empty.
    if (rechnungen.length === 0) throw keineRechnungen();
    const erste = rechnungen[0].rechnungs_nr;
    const letzte = rechnungen[rechnungen.length - 1].rechnungs_nr;
    const titel = rechnungen.length === 1 ? erste : `Rechnungen ${erste} bis ${letzte}`;
    return { art, name: `${titel.replace(/[/\\:*?"<>|]+/g, '-')}.${art}`, rechnungen };
  }

  async vorschau(query: Record<string, unknown>): Promise<Sammelvorschau> {
    const { art, name, rechnungen } = await this.auswahl(query);
    return {
      art,
      name,
      anzahl: rechnungen.length,
      rechnungs_nr: rechnungen.slice(0, VORSCHAU).map((r) => r.rechnungs_nr),
      weitere: Math.max(rechnungen.length - VORSCHAU, 0),
    };
  }

  /** The selection's PDFs, each rendered when asked for, so only one is held at a time. */
  async *dokumente(auswahl: Sammelauswahl): AsyncGenerator<Rechnungsdatei> {
    for (const r of auswahl.rechnungen) yield await this.dokument.render(r.id);
  }
}
