/**
 * Number circles (spec 003 §3 'Kreis': template, current_nr, offset_nr). `current_nr` counts the
 * numbers issued so far; the printed number is `offset_nr + current_nr`, so a circle can continue
 * the numbering of an earlier system. The caller locks the circle row in the same transaction
 * (DESIGN.md §4); this module only computes.
 *
 * Template placeholders: {YYYY}, {YY}, {MM}, {DD}, {NR} and {NR:n} (zero-padded to n digits), in
 * either case: staff write `RE-{yyyy}-{nr:5}` as often as `RE-{YYYY}-{NR:5}`.
 */
import { berlinDatum } from '../../../common/kalender';
import type { RecordCondition } from '../../../common/resource-meta';
import { quotedLabels } from '../../../common/vocabulary';
import { DomainError } from '../../shared/domain-error';

export interface Nummernkreis {
  template: string | null;
  current_nr: number;
  offset_nr: number;
}

export interface VergebeneNummer {
  /** The circle's new counter value, to be stored. */
  current_nr: number;
  /** The formatted number, e.g. RE-2026-00042. */
  nummer: string;
}

export function formatNummer(template: string | null, nr: number, date: Date): string {
  if (!Number.isSafeInteger(nr) || nr < 0) throw new RangeError(`ungültige Nummer ${nr}`);
  const [yyyy, mm, dd] = berlinDatum(date).split('-');
  const pattern = template && /\{NR/i.test(template) ? template : `${template ?? ''}{NR}`;
  return pattern
    .replace(/\{YYYY\}/gi, yyyy)
    .replace(/\{YY\}/gi, yyyy.slice(2))
    .replace(/\{MM\}/gi, mm)
    .replace(/\{DD\}/gi, dd)
    .replace(/\{NR(?::(\d{1,2}))?\}/gi, (_m, width?: string) => String(nr).padStart(Number(width ?? 0), '0'));
}

/** The next number of a circle, gapless: counter + 1. */
export function naechsteNummer(kreis: Nummernkreis, date: Date): VergebeneNummer {
  const current_nr = kreis.current_nr + 1;
  return { current_nr, nummer: formatNummer(kreis.template, kreis.offset_nr + current_nr, date) };
}

/**
 * A debtor circle's next number as it will be assigned (a plain number: the offset continues an
 * earlier system's numbering), for showing before the save takes it.
 */
export function naechsteDebitorVorschau(kreis: Nummernkreis): number {
  return kreis.offset_nr + kreis.current_nr + 1;
}

const ZAEHLER = ['current_nr', 'offset_nr'] as const;

/**
 * What a save of the circle `resource` may change (issue 26). Counter and starting number are
 * never negative. Once a number has been taken (`current_nr` above 0; only the number assignment
 * counts it on), neither changes any more: moving them would hand a number out twice (the next
 * invoice run would fail on it) or leave a gap. The template, e.g. for a new year, and the title
 * stay editable. Before the first number both may be set, to continue an earlier system.
 */
export function pruefeKreisAenderung(
  resource: string,
  werte: Record<string, unknown>,
  vorher?: Record<string, unknown>,
): void {
  const negativ = ZAEHLER.filter((feld) => typeof werte[feld] === 'number' && (werte[feld] as number) < 0);
  if (negativ.length > 0)
    throw DomainError.fields(Object.fromEntries(negativ.map((feld) => [feld, 'darf nicht negativ sein'])));
  const vergeben = Number(vorher?.current_nr ?? 0);
  if (vergeben === 0) return;
  const geaendert = ZAEHLER.filter((feld) => feld in werte && werte[feld] !== vorher?.[feld]);
  if (geaendert.length === 0) return;
  throw DomainError.conflict(
    'KREIS_IN_BENUTZUNG',
    `Aus diesem Kreis ${vergeben === 1 ? 'wurde bereits eine Nummer' : `wurden bereits ${vergeben} Nummern`} vergeben; ` +
      `${quotedLabels(resource, geaendert)} ${geaendert.length === 1 ? 'kann' : 'können'} nicht mehr geändert werden, ` +
      'sonst würden Nummern doppelt vergeben oder übersprungen. Die Vorlage bleibt änderbar, etwa für ein neues Jahr.',
  );
}

/** Only a circle no number was taken from may be deleted: a new one would hand its numbers out again. */
export const KREIS_LOESCHBAR: RecordCondition = { current_nr: 0 };

export const KREIS_NICHT_LOESCHBAR =
  'Aus diesem Kreis wurden bereits Nummern vergeben; er bleibt bestehen, damit keine Nummer doppelt vergeben wird.';
