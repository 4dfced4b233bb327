/**
 * The salary survey's access data of verband 2 (spec 002 §2, spec 000 §3): a link and a password
 * per Benutzer in `Benutzer.data`, imported from an access file, reset all at once, exported.
 */
import { DomainError } from '../../shared/domain-error';
import { leseSeite } from '../../shared/seite';

export const LINK = 'gehaltsumfrage_link';
export const PASSWORT = 'gehaltsumfrage_passwort';

type Daten = Record<string, unknown> | null;

/** One line of the access file. A field is undefined when the file has no such column: it stays as it is. */
export interface Zugang {
  kennnummer: string;
  link?: string;
  passwort?: string;
}

const SPALTEN = { kennnummer: 'kennnummer', link: 'link', passwort: 'passwort' } as const;

/** How many rows are read before other work gets its turn (a fraction of a millisecond). */
const JE_RUNDE = 2000;

/**
 * The access file's rows (keyed by header, as the CSV parser answers) as accesses by Kennnummer.
 * Headers are matched without regard to case; rows without Kennnummer are not readable; a later
 * row of the same Kennnummer wins. `pause` lets other requests in between (a file may hold 200 000
 * rows). Answers the accesses and how many rows were readable.
 */
export async function leseZugangsdatei(
  rows: Record<string, string>[],
  pause: () => Promise<void> = async () => undefined,
): Promise<{ zugaenge: Map<string, Zugang>; lesbar: number }> {
  const kopf = new Map(Object.keys(rows[0] ?? {}).map((name) => [name.trim().toLowerCase(), name]));
  const kennnummer = kopf.get(SPALTEN.kennnummer);
  const link = kopf.get(SPALTEN.link);
  const passwort = kopf.get(SPALTEN.passwort);
  if (rows.length > 0 && (!kennnummer || (!link && !passwort))) {
    throw DomainError.invalid(
      'GEHALTSUMFRAGE_SPALTEN',
      'Die Datei enthält keine lesbaren Zeilen: erwartet werden die Spalten Kennnummer, Link und Passwort.',
    );
  }
  const zugaenge = new Map<string, Zugang>();
  let lesbar = 0;
  for (const [i, row] of rows.entries()) {
    if (i > 0 && i % JE_RUNDE === 0) await pause();
    const nummer = row[kennnummer!]?.trim();
    if (!nummer) continue;
    const zugang: Zugang = { kennnummer: nummer };
    if (link) zugang.link = row[link].trim();
    if (passwort) zugang.passwort = row[passwort].trim();
    zugaenge.set(nummer, zugang);
    lesbar += 1;
  }
  if (lesbar === 0) {
    throw DomainError.invalid('GEHALTSUMFRAGE_LEER', 'Die Datei enthält keine lesbaren Zeilen.');
  }
  return { zugaenge, lesbar };
}

function setze(daten: Record<string, unknown>, feld: string, wert: string | undefined): void {
  if (wert === undefined) return;
  // An empty cell removes the value, so that only Benutzer with access data keep the keys.
  if (wert === '') delete daten[feld];
  else daten[feld] = wert;
}

/** The data with the access applied, or null when nothing changes. */
export function mitZugang(daten: Daten, zugang: Zugang): Record<string, unknown> | null {
  const neu = { ...(daten ?? {}) };
  setze(neu, LINK, zugang.link);
  setze(neu, PASSWORT, zugang.passwort);
  return neu[LINK] === daten?.[LINK] && neu[PASSWORT] === daten?.[PASSWORT] ? null : neu;
}

/** The data without access, or null when it had none. */
export function ohneZugang(daten: Daten): Record<string, unknown> | null {
  if (!daten || (!(LINK in daten) && !(PASSWORT in daten))) return null;
  const { [LINK]: _link, [PASSWORT]: _passwort, ...rest } = daten;
  return rest;
}

const alsText = (wert: unknown): string => (typeof wert === 'string' ? wert : '');

/** What the list shows: the link and only whether a password is set, never the password. */
export function zugangImUeberblick(daten: Daten): { link: string; passwort_gesetzt: boolean } {
  return { link: alsText(daten?.[LINK]), passwort_gesetzt: alsText(daten?.[PASSWORT]) !== '' };
}

/**
 * The export's line. With the password only for staff with the admin right: the list the survey's
 * letters are written from is a bulk of secrets, while the other staff of verband 2 need it to
 * see who has access (as the list screen shows them: the link and whether a password is set).
 */
export function exportZeile(
  benutzer: { kennnummer: string | null; name: string; data: Daten },
  mitPasswort: boolean,
): Record<string, string> {
  const zeile = {
    Kennnummer: benutzer.kennnummer ?? '',
    Name: benutzer.name,
    Link: alsText(benutzer.data?.[LINK]),
  };
  const passwort = alsText(benutzer.data?.[PASSWORT]);
  return mitPasswort
    ? { ...zeile, Passwort: passwort }
    : { ...zeile, 'Passwort gesetzt': passwort !== '' ? 'ja' : 'nein' };
}

/** Paging of the list: 13 rows unless asked otherwise (spec 000 §9). */
export function leseListenseite(limit: unknown, offset: unknown): { limit: number; offset: number } {
  const seite = leseSeite(limit, offset);
  return { limit: seite.limit ?? 13, offset: seite.offset };
}
