import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { berlinZeitpunkt } from '../../../../common/kalender';
import { aktuellSql } from '../../../../common/vorgang';
import { NewsletterWirkungDaten } from '../../application/ports/newsletter-wirkung-daten';
import type { Buchung, Klick, Versand } from '../../domain/newsletter-wirkung';

type Roh = Record<string, unknown>;

/** Ids per IN list: within both engines' limits on bound parameters. */
const BLOCK = 500;

const sqlZeit = (instant: Date) => instant.toISOString().replace('T', ' ').replace('Z', '');

/** SQLite answers DATETIME as UTC text, mysql2 as a Date (timezone 'Z'). */
function zeitpunkt(value: unknown): Date {
  if (value instanceof Date) return value;
  const text = String(value);
  return new Date(text.includes('T') ? text : `${text.replace(' ', 'T')}Z`);
}

/** A DATE column: text on SQLite, a Date at UTC midnight from mysql2. */
const tag = (value: unknown): string =>
  value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10);

function bloecke(ids: number[]): number[][] {
  const eindeutig = [...new Set(ids)];
  return Array.from({ length: Math.ceil(eindeutig.length / BLOCK) }, (_, i) =>
    eindeutig.slice(i * BLOCK, (i + 1) * BLOCK),
  );
}

/** The newsletter evaluation's reads over newsletter's and billing's tables, set-based and bound. */
@Injectable()
export class NewsletterWirkungDatenTypeorm extends NewsletterWirkungDaten {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async versande(von: Date, bis: Date): Promise<Versand[]> {
    const rows: Roh[] = await this.dataSource
      .createQueryBuilder()
      .select('d.id', 'id')
      .addSelect('d.newsletter_id', 'newsletter_id')
      .addSelect('n.titel', 'titel')
      .addSelect('d.versendet_time', 'versendet_time')
      .addSelect("SUM(CASE WHEN v.status = 'versendet' THEN 1 ELSE 0 END)", 'empfaenger')
      .addSelect('SUM(CASE WHEN v.abgemeldet_time IS NOT NULL THEN 1 ELSE 0 END)', 'abmeldungen')
      .from('newsletter_dispatcher', 'd')
      .innerJoin('newsletter', 'n', 'n.id = d.newsletter_id')
      .leftJoin('newsletter_versand', 'v', 'v.newsletter_dispatcher_id = d.id')
      .where('d.versendet = 1 AND d.versendet_time >= :von AND d.versendet_time < :bis', {
        von: sqlZeit(von),
        bis: sqlZeit(bis),
      })
      .groupBy('d.id')
      .addGroupBy('d.newsletter_id')
      .addGroupBy('n.titel')
      .addGroupBy('d.versendet_time')
      .getRawMany();
    return rows.map((r) => ({
      dispatcher_id: Number(r.id),
      newsletter_id: Number(r.newsletter_id),
      titel: String(r.titel),
      versendet_time: zeitpunkt(r.versendet_time),
      empfaenger: Number(r.empfaenger ?? 0),
      abmeldungen: Number(r.abmeldungen ?? 0),
    }));
  }

  async klicks(dispatcherIds: number[]): Promise<Klick[]> {
    const klicks: Klick[] = [];
    for (const ids of bloecke(dispatcherIds)) {
      const rows: Roh[] = await this.dataSource
        .createQueryBuilder()
        .select(['s.dispatcher_id AS dispatcher_id', 's.benutzer_id AS benutzer_id', 's.datum AS datum'])
        .addSelect('s.uhrzeit', 'uhrzeit')
        .from('statistik_newsletter', 's')
        .where('s.dispatcher_id IN (:...ids)', { ids })
        .getRawMany();
      for (const r of rows)
        klicks.push({
          dispatcher_id: Number(r.dispatcher_id),
          benutzer_id: r.benutzer_id === null ? null : Number(r.benutzer_id),
          // Recorded at Berlin wall-clock time (tracking.ts).
          zeit: berlinZeitpunkt(tag(r.datum), String(r.uhrzeit ?? '00:00')),
        });
    }
    return klicks;
  }

  async buchungen(benutzerIds: number[], von: Date, bis: Date): Promise<Buchung[]> {
    const buchungen = new Map<number, Buchung>();
    for (const ids of bloecke(benutzerIds)) {
      const rows: Roh[] = await this.dataSource
        .createQueryBuilder()
        .select(['t.id AS id', 't.benutzer_id AS benutzer_id', 't.teilnehmer_id AS teilnehmer_id'])
        .addSelect('t.buchung_time', 'buchung_time')
        .from('rw_transaction', 't')
        .where(aktuellSql('t'))
        .andWhere('(t.benutzer_id IN (:...ids) OR t.teilnehmer_id IN (:...ids))', { ids })
        .andWhere('t.buchung_time >= :von AND t.buchung_time < :bis', {
          von: sqlZeit(von),
          bis: sqlZeit(bis),
        })
        .getRawMany();
      for (const r of rows)
        buchungen.set(Number(r.id), {
          id: Number(r.id),
          benutzer_ids: [r.benutzer_id, r.teilnehmer_id].filter((id) => id !== null).map(Number),
          zeit: zeitpunkt(r.buchung_time),
        });
    }
    return [...buchungen.values()];
  }
}
