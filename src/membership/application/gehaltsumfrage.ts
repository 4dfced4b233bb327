import { Injectable } from '@nestjs/common';
import { DataSource, In, type EntityManager, type SelectQueryBuilder } from 'typeorm';
import { anzeigename } from '../../../common/benutzer';
import { parseCsv } from '../../platform/csv/csv-format';
import { ohneFortschritt, type Melder } from '../../platform/queue/hintergrund';
import { Benutzer } from '../adapters/persistence/benutzer.entity';
import {
  exportZeile,
  LINK,
  leseZugangsdatei,
  mitZugang,
  ohneZugang,
  PASSWORT,
  zugangImUeberblick,
  type Zugang,
} from '../domain/gehaltsumfrage';

/** Enough for any kennnummer list, within both engines' limits on bound parameters. */
const BLOCK = 500;

const SCHRITT = 'Zugänge werden eingetragen';

export interface ImportErgebnis {
  /** Benutzer found and changed. */
  updated: number;
  /** Readable rows of the file. */
  set: number;
  /** Kennnummern of the file without Benutzer. */
  unbekannt: string[];
}

const name = (b: Benutzer) => b.anzeigename || anzeigename(b);

function speichereDaten(manager: EntityManager, id: number, daten: Record<string, unknown>) {
  // `data` is free-form JSON, which TypeORM's deep-partial update type cannot express.
  return manager.update(Benutzer, id, { data: daten as never });
}

/**
 * The salary survey administration of verband 2 (spec 002 §2, §7): the Benutzer with access
 * data, importing an access file, resetting all access, exporting the list.
 */
@Injectable()
export class Gehaltsumfrage {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Benutzer whose data holds a non-empty link or password. `data` is JSON text on both engines;
   * a value is non-empty when the key is followed by a quote and is not `""`.
   */
  private mitZugangsdaten(): SelectQueryBuilder<Benutzer> {
    return this.dataSource
      .createQueryBuilder(Benutzer, 'b')
      .select([
        'b.id',
        'b.kennnummer',
        'b.anzeigename',
        'b.firma',
        'b.titel',
        'b.vorname',
        'b.nachname',
        'b.data',
      ])
      .where(
        '((b.data LIKE :link AND b.data NOT LIKE :linkLeer) OR (b.data LIKE :passwort AND b.data NOT LIKE :passwortLeer))',
        {
          link: `%"${LINK}":"%`,
          linkLeer: `%"${LINK}":""%`,
          passwort: `%"${PASSWORT}":"%`,
          passwortLeer: `%"${PASSWORT}":""%`,
        },
      )
      .orderBy('b.kennnummer', 'ASC')
      .addOrderBy('b.id', 'ASC');
  }

  /** One page of the list, by kennnummer; the password itself is never part of it. */
  async liste(limit: number, offset: number) {
    const [benutzer, count] = await this.mitZugangsdaten().skip(offset).take(limit).getManyAndCount();
    return {
      count,
      rows: benutzer.map((b) => ({
        id: b.id,
        kennnummer: b.kennnummer,
        name: name(b),
        ...zugangImUeberblick(b.data),
      })),
    };
  }

  /** The export: every Benutzer with access data, with link and password. */
  async exportZeilen() {
    const benutzer = await this.mitZugangsdaten().getMany();
    return benutzer.map((b) => exportZeile({ kennnummer: b.kennnummer, name: name(b), data: b.data }));
  }

  /** The access file's readable rows; a file that has none is refused before anything is queued. */
  leseDatei(datei: Buffer): Zugang[] {
    return leseZugangsdatei(parseCsv(datei));
  }

  /** Applies the rows of an access file in one transaction: all rows or none. */
  async importiere(zugaenge: Zugang[], melde: Melder = ohneFortschritt): Promise<ImportErgebnis> {
    const jeNummer = new Map<string, Zugang>(zugaenge.map((z) => [z.kennnummer, z]));
    const nummern = [...jeNummer.keys()];
    let updated = 0;
    const gefunden = new Set<string>();
    await this.dataSource.transaction(async (manager) => {
      for (let i = 0; i < nummern.length; i += BLOCK) {
        const benutzer = await manager.find(Benutzer, {
          select: { id: true, kennnummer: true, data: true },
          where: { kennnummer: In(nummern.slice(i, i + BLOCK)) },
        });
        for (const [j, b] of benutzer.entries()) {
          gefunden.add(b.kennnummer!);
          const daten = mitZugang(b.data, jeNummer.get(b.kennnummer!)!);
          if (daten) {
            await speichereDaten(manager, b.id, daten);
            updated += 1;
          }
          await melde(i + j + 1, nummern.length, SCHRITT);
        }
        await melde(Math.min(i + BLOCK, nummern.length), nummern.length, SCHRITT);
      }
    });
    return { updated, set: zugaenge.length, unbekannt: nummern.filter((n) => !gefunden.has(n)) };
  }

  /** Removes every access (link and password); answers how many Benutzer had such keys. */
  async zuruecksetzen(): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const benutzer = await manager
        .createQueryBuilder(Benutzer, 'b')
        .select(['b.id', 'b.data'])
        .where('b.data LIKE :link OR b.data LIKE :passwort', {
          link: `%"${LINK}"%`,
          passwort: `%"${PASSWORT}"%`,
        })
        .getMany();
      let count = 0;
      for (const b of benutzer) {
        const daten = ohneZugang(b.data);
        if (!daten) continue;
        await speichereDaten(manager, b.id, daten);
        count += 1;
      }
      return count;
    });
  }
}
