/**
 * Where each context contributes what it stores about one Benutzer (issue 34, Art. 15/20 DSGVO)
 * and erases it on request (Art. 17). Like the event bus: contexts register in onModuleInit, and
 * membership's Datenauskunft and Loeschung ask them all without reaching into their tables. A source answers plain rows (already shaped
 * for the person: no password hashes, IBANs masked) and the documents that belong to them.
 */
import { Injectable } from '@nestjs/common';
import type { Transaktion } from '../database/transaktion';

/** One kind of record, written as `<datei>.csv` and as a key of the JSON file. */
export interface Datenbestand {
  /** File and key name: lower case, no spaces (`rechnungen`). */
  datei: string;
  /** German title for the cover letter (`Rechnungen`). */
  titel: string;
  zeilen: Record<string, unknown>[];
}

/** A document kept about the person, put into the archive as it is (an invoice's PDF). */
export interface Anlage {
  /** Path inside the archive (`rechnungen/R-2026-0001.pdf`). */
  name: string;
  inhalt: Uint8Array;
}

export interface Beitrag {
  bestaende: Datenbestand[];
  anlagen?: Anlage[];
}

export type Auskunftsquelle = (benutzerId: number) => Promise<Beitrag>;

/** What a context keeps of the person's contact records for documents it must retain. */
export interface Behalten {
  adressen: number[];
  konten: number[];
  /** How many retained documents (invoices) name the person: their name stays as printed there. */
  dokumente: number;
}

export interface Loeschquelle {
  /** The German reason the erasure must wait for (an open booking), or null. */
  hindernis(benutzerId: number): Promise<string | null>;
  /**
   * Deletes what this context may delete and detaches what it must keep, in the erasure's
   * transaction; `heute` is the Berlin day of the erasure.
   */
  loeschen(benutzerId: number, tx: Transaktion, heute: string): Promise<Partial<Behalten> | void>;
}

@Injectable()
export class Personendaten {
  private readonly quellen: { kontext: string; quelle: Auskunftsquelle }[] = [];
  private readonly loeschquellen: { kontext: string; quelle: Loeschquelle }[] = [];

  loeschbar(kontext: string, quelle: Loeschquelle): void {
    this.loeschquellen.push({ kontext, quelle });
  }

  /** Every context's reason to refuse the erasure now. */
  async hindernisse(benutzerId: number): Promise<string[]> {
    const gruende: string[] = [];
    for (const { quelle } of this.loeschquellen) {
      const grund = await quelle.hindernis(benutzerId);
      if (grund) gruende.push(grund);
    }
    return gruende;
  }

  /** Runs every context's erasure in `tx`; answers what they keep, merged. */
  async loeschen(benutzerId: number, tx: Transaktion, heute: string): Promise<Behalten> {
    const behalten: Behalten = { adressen: [], konten: [], dokumente: 0 };
    for (const { quelle } of this.loeschquellen) {
      const teil = await quelle.loeschen(benutzerId, tx, heute);
      behalten.adressen.push(...(teil?.adressen ?? []));
      behalten.konten.push(...(teil?.konten ?? []));
      behalten.dokumente += teil?.dokumente ?? 0;
    }
    return behalten;
  }

  beitragen(kontext: string, quelle: Auskunftsquelle): void {
    this.quellen.push({ kontext, quelle });
  }

  /** Every context's part, in the order they registered, each with its context named. */
  async *sammle(benutzerId: number): AsyncGenerator<{ kontext: string; beitrag: Beitrag }> {
    for (const { kontext, quelle } of this.quellen) yield { kontext, beitrag: await quelle(benutzerId) };
  }

  get anzahl(): number {
    return this.quellen.length;
  }
}
