/**
 * The GoBD tamper evidence of the audit trail (issue 29): one global chain in id order. Each row
 * carries the SHA-256 of the hash before it and its own content (`hash`), and the hash before it
 * (`vorgaenger_hash`), so a changed row no longer matches its hash and a deleted row leaves its
 * successor pointing at a hash that is not the one before it. Pure: the writer (audit-trail.ts)
 * and the check (audit-pruefung.ts) both hash through `kettenHash`.
 */
import { createHash } from 'node:crypto';

/** What the first row of the chain names as the hash before it. */
export const KETTENANFANG = '0'.repeat(64);

/** The fields of an audit row that its hash covers. */
export interface KettenInhalt {
  id: number;
  createdAt: Date;
  user_id: number | null;
  user_name: string | null;
  resource: string;
  record_id: number | null;
  action: string;
  changes: unknown;
}

export interface KettenZeile extends KettenInhalt {
  hash: string | null;
  vorgaenger_hash: string | null;
}

/** Where the chain ends as the head row (`audit_kette`) recorded it last. */
export interface KettenKopf {
  letzte_id: number | null;
  letzter_hash: string | null;
}

/**
 * JSON with the keys of every object sorted, so the stored text's key order does not matter.
 * Written as loops: every audit entry of every write is hashed through it (issue 33).
 */
export function kanonisch(wert: unknown): string {
  if (wert === null || wert === undefined) return 'null';
  if (typeof wert !== 'object') return JSON.stringify(wert);
  if (wert instanceof Date) return JSON.stringify(wert.toISOString());
  if (Array.isArray(wert)) {
    let text = '[';
    for (let i = 0; i < wert.length; i++) text += (i > 0 ? ',' : '') + kanonisch(wert[i]);
    return `${text}]`;
  }
  const objekt = wert as Record<string, unknown>;
  let text = '';
  for (const schluessel of Object.keys(objekt).sort()) {
    const inhalt = objekt[schluessel];
    if (inhalt !== undefined) text += `${text ? ',' : ''}${JSON.stringify(schluessel)}:${kanonisch(inhalt)}`;
  }
  return `{${text}}`;
}

/**
 * The instant as both engines store a DATETIME: whole seconds (MariaDB keeps no fractions), so a
 * row reads back with the instant it was hashed with.
 */
export const aufSekunden = (zeit: Date): Date => new Date(Math.floor(zeit.getTime() / 1000) * 1000);

export function kettenHash(vorgaenger: string, z: KettenInhalt): string {
  const inhalt = kanonisch({
    id: z.id,
    createdAt: aufSekunden(z.createdAt).toISOString(),
    user_id: z.user_id,
    user_name: z.user_name,
    resource: z.resource,
    record_id: z.record_id,
    action: z.action,
    changes: z.changes ?? null,
  });
  return createHash('sha256').update(`${vorgaenger}\n${inhalt}`).digest('hex');
}

export type Fehlerart = 'ohne_pruefsumme' | 'vorgaenger' | 'inhalt' | 'ende';

export interface Bruch {
  /** The row where the chain breaks (for `ende`: the last row found). */
  id: number | null;
  tabelle: 'audit';
  /** The resource the row records a change of, and the record. */
  bereich: string | null;
  eintrag: number | null;
  fehler: Fehlerart;
  meldung: string;
  /** For a deleted row: the ids between which rows are missing. */
  luecke?: { nach: number | null; vor: number | null };
}

export type Pruefergebnis = { ok: true; geprueft: number } | ({ ok: false; geprueft: number } & Bruch);

/**
 * Walks the chain row by row in id order, remembering only the row before: the caller feeds it in
 * batches and stops at the first break.
 */
export class KettenPruefung {
  private vorige: { id: number; hash: string } | null = null;
  private anzahl = 0;

  get geprueft(): number {
    return this.anzahl;
  }

  get letzteId(): number | null {
    return this.vorige?.id ?? null;
  }

  /** The break at this row, or null when it fits on the chain so far. */
  pruefe(z: KettenZeile): Bruch | null {
    const bruch = (fehler: Fehlerart, meldung: string, luecke?: Bruch['luecke']): Bruch => ({
      id: z.id,
      tabelle: 'audit',
      bereich: z.resource,
      eintrag: z.record_id,
      fehler,
      meldung,
      ...(luecke ? { luecke } : {}),
    });
    if (!z.hash || !z.vorgaenger_hash)
      return bruch(
        'ohne_pruefsumme',
        `Verlaufseintrag ${z.id} hat keine Prüfsumme: er wurde an der Anwendung vorbei eingefügt.`,
      );
    const erwartet = this.vorige?.hash ?? KETTENANFANG;
    if (z.vorgaenger_hash !== erwartet) {
      const nach = this.vorige?.id ?? null;
      const fehlen = nach === null ? z.id > 1 : z.id - nach > 1;
      return bruch(
        'vorgaenger',
        fehlen
          ? `Vor Verlaufseintrag ${z.id} fehlt ${nach === null ? 'der Anfang der Kette' : `mindestens ein Eintrag (nach Eintrag ${nach})`}: er wurde gelöscht.`
          : `Verlaufseintrag ${z.id} folgt nicht auf Eintrag ${nach ?? '–'}: der Eintrag davor wurde verändert oder ersetzt.`,
        { nach, vor: z.id },
      );
    }
    if (kettenHash(z.vorgaenger_hash, z) !== z.hash)
      return bruch(
        'inhalt',
        `Verlaufseintrag ${z.id} wurde nachträglich verändert: sein Inhalt passt nicht zu seiner Prüfsumme.`,
      );
    this.vorige = { id: z.id, hash: z.hash };
    this.anzahl++;
    return null;
  }

  /** After the last row: the chain must end where its head says, else rows at the end are missing. */
  ende(kopf: KettenKopf): Bruch | null {
    const letzte = this.vorige;
    if (
      kopf.letzte_id === null
        ? letzte === null
        : letzte?.id === kopf.letzte_id && letzte.hash === kopf.letzter_hash
    )
      return null;
    return {
      id: letzte?.id ?? null,
      tabelle: 'audit',
      bereich: null,
      eintrag: null,
      fehler: 'ende',
      meldung:
        kopf.letzte_id !== null && (letzte === null || letzte.id < kopf.letzte_id)
          ? `Am Ende der Kette fehlen Verlaufseinträge: der letzte verkettete ist Eintrag ${kopf.letzte_id}, gefunden bis ${letzte?.id ?? '–'}.`
          : `Das Ende der Kette passt nicht zu ihrem Kopf (Eintrag ${kopf.letzte_id ?? '–'}): die letzten Einträge wurden verändert.`,
      luecke: { nach: letzte?.id ?? null, vor: null },
    };
  }
}
