import { Injectable } from '@nestjs/common';
import { setImmediate as naechsteRunde } from 'node:timers/promises';
import { DataSource, In, type EntityManager, type SelectQueryBuilder } from 'typeorm';
import { anzeigename } from '../../../common/benutzer';
import { AuditTrail, type Actor } from '../../platform/audit/audit-trail';
import { parseCsv } from '../../platform/csv/csv-format';
import { ohneFortschritt, type Melder } from '../../platform/queue/hintergrund';
import { Benutzer } from '../adapters/persistence/benutzer.entity';
import { handelnderIstAdmin } from '../adapters/persistence/konto-pruefung';
import {
  exportZeile,
  LINK,
  leseZugangsdatei,
  mitZugang,
  ohneZugang,
  PASSWORT,
  zugangImUeberblick,
} from '../domain/gehaltsumfrage';

/** Enough for any kennnummer list, within both engines' limits on bound parameters. */
const BLOCK = 500;

const LESEN = 'Die Datei wird gelesen';
const SCHRITT = 'Zugänge werden eingetragen';

/**
 * How many unknown Kennnummern the result names; the others it counts. A file may hold 200 000,
 * too many for a job's result (copied on every status poll) or a dialog (issue 26).
 */
export const UNBEKANNT_GENANNT = 100;

export interface ImportErgebnis {
  /** Benutzer found and changed. */
  updated: number;
  /** Readable rows of the file. */
  set: number;
  /** The first UNBEKANNT_GENANNT Kennnummern of the file without Benutzer, in the file's order. */
  unbekannt: string[];
  /** How many Kennnummern of the file have no Benutzer. */
  unbekannt_anzahl: number;
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
  constructor(
    private readonly dataSource: DataSource,
    private readonly audit: AuditTrail,
  ) {}

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

  /**
   * The export: every Benutzer with access data, with the link, and the password for staff with
   * the admin right (domain exportZeile). Each export is audited: who took which list, and
   * whether it held the passwords.
   */
  async exportZeilen(actor: Actor): Promise<Record<string, string>[]> {
    const manager = this.dataSource.manager;
    const mitPasswort = await handelnderIstAdmin(manager, actor.id);
    const benutzer = await this.mitZugangsdaten().getMany();
    // Written before the file leaves: no export without its entry.
    await this.audit.record(manager, {
      actor,
      resource: 'gehaltsumfrage',
      recordId: null,
      action: 'export',
      changes: { zugaenge: { after: benutzer.length }, passwoerter: { after: mitPasswort } },
    });
    return benutzer.map((b) =>
      exportZeile({ kennnummer: b.kennnummer, name: name(b), data: b.data }, mitPasswort),
    );
  }

  /**
   * Reads an access file in pieces and applies its rows in one transaction: all rows or none. A
   * file without readable rows is refused before anything changes. Which Kennnummern are known is
   * looked up before the transaction, so it holds the database (on SQLite: the one writer) only
   * for the Benutzer it changes, not for a file of unknown numbers.
   */
  async importiere(datei: Buffer, melde: Melder = ohneFortschritt): Promise<ImportErgebnis> {
    await melde(0, 0, LESEN);
    const { zugaenge, lesbar } = await leseZugangsdatei(await parseCsv(datei), naechsteRunde);
    const nummern = [...zugaenge.keys()];
    const gefunden = new Set<string>();
    const ids: number[] = [];
    for (let i = 0; i < nummern.length; i += BLOCK) {
      const benutzer = await this.dataSource.manager.find(Benutzer, {
        select: { id: true, kennnummer: true },
        where: { kennnummer: In(nummern.slice(i, i + BLOCK)) },
      });
      for (const b of benutzer) {
        gefunden.add(b.kennnummer!);
        ids.push(b.id);
      }
      await melde(Math.min(i + BLOCK, nummern.length), nummern.length, SCHRITT);
    }
    let updated = 0;
    await this.dataSource.transaction(async (manager) => {
      for (let i = 0; i < ids.length; i += BLOCK) {
        const benutzer = await manager.find(Benutzer, {
          select: { id: true, kennnummer: true, data: true },
          where: { id: In(ids.slice(i, i + BLOCK)) },
        });
        for (const b of benutzer) {
          const zugang = b.kennnummer == null ? undefined : zugaenge.get(b.kennnummer);
          const daten = zugang && mitZugang(b.data, zugang);
          if (daten) {
            await speichereDaten(manager, b.id, daten);
            updated += 1;
          }
        }
      }
    });
    const unbekannt: string[] = [];
    let anzahl = 0;
    for (const nummer of nummern) {
      if (gefunden.has(nummer)) continue;
      anzahl += 1;
      if (unbekannt.length < UNBEKANNT_GENANNT) unbekannt.push(nummer);
    }
    return { updated, set: lesbar, unbekannt, unbekannt_anzahl: anzahl };
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
