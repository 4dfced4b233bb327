/**
 * The CSV comparison of the group window (spec 001 §2, §4): the file read in pieces, its rows
 * matched against the Benutzer batch by batch with a fixed number of set-based queries per batch,
 * and sorted into the four buckets. Reads only; adding the ready rows is the add verb.
 */
import { Injectable } from '@nestjs/common';
import type { MitgliedArt } from '../../../common/gruppen';
import { parseCsv } from '../../platform/csv/csv-format';
import { ohneFortschritt, type Melder } from '../../platform/queue/hintergrund';
import { GruppenMitglieder, inBatches } from '../adapters/persistence/gruppen-mitglieder';
import {
  abgleichArtFuer,
  BUCKETS,
  einordnen,
  finde,
  hatSchluessel,
  keineZeilen,
  schluessel,
  spaltenDerDatei,
  vergleichsform,
  zielId,
  type AbgleichZeile,
  type Bucket,
  type Fund,
  type Fundstellen,
  type GefundenerBenutzer,
  type NamensKandidat,
  type Schluessel,
  type Treffer,
} from '../domain/csv-abgleich';
import { pruefeHinzufuegen } from '../domain/gruppen-regeln';
import { platzhalter } from '../../platform/database/platzhalter';

export type Abgleich = { zuordnung: MitgliedArt } & Record<Bucket, { count: number; rows: AbgleichZeile[] }>;

type Zeile = Record<string, unknown>;

const liste = (werte: (string | undefined)[]) => [...new Set(werte.filter((w): w is string => Boolean(w)))];

function gruppieren<K, V>(eintraege: [K, V][]): Map<K, V[]> {
  const map = new Map<K, V[]>();
  for (const [key, value] of eintraege) map.set(key, [...(map.get(key) ?? []), value]);
  return map;
}

@Injectable()
export class GruppenAbgleich {
  constructor(private readonly mitglieder: GruppenMitglieder) {}

  /**
   * What the comparison adds (`zuordnung`: 'email', 'benutzer' or the group's default), refused
   * (404, 409, 400) before a file is kept or anything queued.
   */
  async pruefe(gruppeId: number, zuordnung: unknown): Promise<MitgliedArt> {
    const gruppe = await this.mitglieder.laden(this.mitglieder.manager, gruppeId);
    const art = abgleichArtFuer(gruppe, zuordnung);
    pruefeHinzufuegen(gruppe, art);
    return art;
  }

  /** Reads the CSV file `datei` and compares its rows; a file without readable rows is refused. */
  async abgleichen(
    gruppeId: number,
    datei: Buffer,
    zuordnung: unknown,
    melde: Melder = ohneFortschritt,
  ): Promise<Abgleich> {
    const manager = this.mitglieder.manager;
    const art = await this.pruefe(gruppeId, zuordnung);
    await melde(0, 0, 'Die Datei wird gelesen');
    const zeilen = await parseCsv(datei);
    const spalten = spaltenDerDatei(zeilen);
    let lesbar = false;

    const ergebnis = Object.fromEntries(
      BUCKETS.map((b) => [b, { count: 0, rows: [] }]),
    ) as unknown as Abgleich;
    ergebnis.zuordnung = art;
    const vergeben = new Set<number>();
    let erste = 0;
    for (const teil of inBatches(zeilen)) {
      const schluesselListe = teil.map((zeile) => schluessel(zeile, spalten));
      lesbar ||= schluesselListe.some(hatSchluessel);
      const fund = await this.fundstellen(schluesselListe);
      const funde = schluesselListe.map((s) => finde(s, fund));
      const benutzer = await this.benutzer(funde);
      const gefunden = funde.map((f) => ('grund' in f ? undefined : benutzer(f)));
      const ziele = gefunden.flatMap((b) =>
        b ? [zielId(b, art)].filter((id): id is number => id !== null) : [],
      );
      const inGruppe = await this.mitglieder.verknuepft(manager, art, gruppeId, [...new Set(ziele)]);
      teil.forEach((row, i) => {
        const b = gefunden[i];
        const { bucket, grund } = einordnen(b, art, inGruppe, vergeben);
        const f = funde[i];
        ergebnis[bucket].rows.push({
          // Line 1 is the header.
          zeile: erste + i + 2,
          row,
          benutzer: b,
          ziel_id: bucket === 'bereit' && b ? (zielId(b, art) ?? undefined) : undefined,
          grund: grund ?? ('grund' in f ? f.grund : undefined),
        });
      });
      erste += teil.length;
      await melde(erste, zeilen.length, 'Zeilen werden verglichen');
    }
    if (!lesbar) throw keineZeilen();
    for (const bucket of BUCKETS) ergebnis[bucket].count = ergebnis[bucket].rows.length;
    return ergebnis;
  }

  /** One query each for the batch's e-mails, Kennnummern and surnames. */
  private async fundstellen(schluesselListe: Schluessel[]): Promise<Fundstellen> {
    const manager = this.mitglieder.manager;
    const abfrage = async (sql: (p: string) => string, werte: string[]): Promise<Zeile[]> =>
      werte.length ? manager.query(sql(platzhalter(werte)), werte) : [];
    const emails = await abfrage(
      (p) =>
        `SELECT e.id, e.email, e.benutzer_id FROM benutzer_email e WHERE ${this.mitglieder.ohneGross('e.email')} IN (${p})`,
      liste(schluesselListe.map((s) => s.email)),
    );
    const kennnummern = await abfrage(
      (p) => `SELECT id, kennnummer FROM benutzer WHERE kennnummer IN (${p})`,
      liste(schluesselListe.map((s) => s.kennnummer)),
    );
    const namen = await abfrage(
      (p) =>
        'SELECT b.id, b.vorname, b.nachname, COALESCE(b.firma, p.firma) AS firma FROM benutzer b ' +
        `LEFT JOIN benutzer p ON p.id = b.parent_id WHERE ${this.mitglieder.ohneGross('b.nachname')} IN (${p})`,
      liste(schluesselListe.map((s) => s.nachname)),
    );
    return {
      emails: gruppieren(
        emails.map((e) => [
          vergleichsform(String(e.email)),
          { benutzer_id: Number(e.benutzer_id), email_id: Number(e.id), email: String(e.email) },
        ]),
      ),
      kennnummern: gruppieren(kennnummern.map((b) => [String(b.kennnummer).trim(), Number(b.id)])),
      namen: gruppieren<string, NamensKandidat>(
        namen.map((b) => [
          vergleichsform(String(b.nachname)),
          {
            benutzer_id: Number(b.id),
            vorname: b.vorname as string | null,
            nachname: b.nachname as string | null,
            firma: b.firma as string | null,
          },
        ]),
      ),
    };
  }

  /** The found Benutzer of a batch in one query; each row shows the e-mail it matched, else the primary one. */
  private async benutzer(funde: Fund[]): Promise<(fund: Treffer) => GefundenerBenutzer> {
    const ids = [...new Set(funde.flatMap((f) => ('grund' in f ? [] : [f.benutzer_id])))];
    const rows: Zeile[] = ids.length
      ? await this.mitglieder.manager.query(
          'SELECT b.id, b.aktiviert, b.kennnummer, b.anzeigename, b.primaeremail_id, e.email FROM benutzer b ' +
            `LEFT JOIN benutzer_email e ON e.id = b.primaeremail_id WHERE b.id IN (${platzhalter(ids)})`,
          ids,
        )
      : [];
    const byId = new Map(rows.map((row) => [Number(row.id), row]));
    return (fund) => {
      const row = byId.get(fund.benutzer_id)!;
      const primaer = row.primaeremail_id === null ? null : Number(row.primaeremail_id);
      return {
        id: fund.benutzer_id,
        aktiviert: Boolean(Number(row.aktiviert)),
        kennnummer: row.kennnummer as string | null,
        anzeigename: row.anzeigename as string | null,
        email_id: fund.email_id ?? (primaer !== null && row.email !== null ? primaer : null),
        email: fund.email ?? (row.email as string | null),
      };
    };
  }
}
