/**
 * Automatic newsletters (spec 002 §3, §9; issue 15): a template with automatik makes one newsletter
 * with a dispatcher for each upcoming seminar (auto_typ seminar) or event (auto_typ event) of its
 * seminar type. These are the pure rules: the settings with their defaults, the send time, the
 * titles, which seminars are due, the groups, and the key that names one automatic newsletter.
 */
import { berlinDatum, berlinZeitpunkt } from '../../../common/kalender';
import { VORLAGE_DEFAULTS } from '../../../common/newsletter';
import type { Termin } from '../../seminars/application/ports/seminar-termine';
import { autoGruppen } from './vorlage';

type Row = Record<string, unknown>;

export interface AutoEinstellungen {
  auto_titel: string;
  auto_betreff: string;
  /** Exactly one of the three send rules applies: minutes before the start, days before, days after. */
  versand: { minuten: number } | { tage: number; uhrzeit: string };
  auto_teilnehmer_group: 'include' | 'exclude' | null;
  auto_ausgebucht: boolean;
  allow_duplicate_email: boolean;
  newsletter_absender_id: number | null;
  versand_gruppen: number[];
  ausschluss_gruppen: number[];
}

/**
 * A seminar or one of its events that a template may announce (`veranstaltung_event_id` set for
 * auto_typ event): a date as seminars' read port tells it.
 */
export type AutoZiel = Termin;

/** How far ahead of its send time an automatic newsletter is made: staff can look at it before it goes out. */
export const AUTO_VORLAUF_MS = 7 * 24 * 3600 * 1000;
/**
 * A send time missed by at most this much (the check runs hourly; a worker may have been down)
 * is still sent, at once.
 */
export const AUTO_NACHHOLFRIST_MS = 24 * 3600 * 1000;

const TAG_MS = 24 * 3600 * 1000;
const UHRZEIT = /^([01]\d|2[0-3]):[0-5]\d$/;

const zahl = (wert: unknown): number | null =>
  typeof wert === 'number' && Number.isFinite(wert)
    ? wert
    : typeof wert === 'string' && wert.trim() !== '' && Number.isFinite(Number(wert))
      ? Number(wert)
      : null;
const text = (wert: unknown, standard: string): string =>
  typeof wert === 'string' && wert.trim() !== '' ? wert : standard;

/**
 * A template's `data` read with the defaults of spec 002 §9. Minutes before the start win over
 * days (the window disables the days then); Nachtage over 0 send after the start; otherwise
 * Vortage (0: on the day of the start). Without any send rule the default 20 Vortage apply.
 */
export function autoEinstellungen(data: Row | null | undefined): AutoEinstellungen {
  const d = data ?? {};
  const minuten = zahl(d.auto_minutes);
  const vortage = zahl(d.auto_vortage);
  const nachtage = zahl(d.auto_nachtage);
  const uhrzeit =
    typeof d.auto_day_time === 'string' && UHRZEIT.test(d.auto_day_time.slice(0, 5))
      ? d.auto_day_time.slice(0, 5)
      : VORLAGE_DEFAULTS.auto_day_time;
  const versand =
    minuten !== null && minuten > 0
      ? { minuten }
      : nachtage !== null && nachtage > 0
        ? { tage: nachtage, uhrzeit }
        : {
            // 0 − x, not −x: no −0 for the day of the start.
            tage: 0 - (vortage ?? (nachtage === null ? VORLAGE_DEFAULTS.auto_vortage : 0)),
            uhrzeit,
          };
  const { versand: versand_gruppen, ausschluss: ausschluss_gruppen } = autoGruppen(d);
  const gruppe = d.auto_teilnehmer_group;
  return {
    auto_titel: text(d.auto_titel, VORLAGE_DEFAULTS.auto_titel),
    auto_betreff: text(d.auto_betreff, VORLAGE_DEFAULTS.auto_betreff),
    versand,
    auto_teilnehmer_group: gruppe === 'include' || gruppe === 'exclude' ? gruppe : null,
    auto_ausgebucht: d.auto_ausgebucht === true,
    allow_duplicate_email: d.allow_duplicate_email === true,
    newsletter_absender_id: zahl(d.newsletter_absender_id),
    versand_gruppen: versand_gruppen.filter(Number.isSafeInteger),
    ausschluss_gruppen: ausschluss_gruppen.filter(Number.isSafeInteger),
  };
}

/** 'YYYY-MM-DD' moved by whole calendar days. */
function tageSpaeter(datum: string, tage: number): string {
  const [jahr, monat, tag] = datum.split('-').map(Number);
  return new Date(Date.UTC(jahr, monat - 1, tag + tage)).toISOString().slice(0, 10);
}

/**
 * The send time for a start: minutes before it, or the Berlin calendar day of the start moved by
 * the days at the Berlin wall time auto_day_time (so 12:00 stays 12:00 across a DST switch).
 */
export function autoVersandZeit(beginn: Date, einstellungen: AutoEinstellungen): Date {
  const { versand } = einstellungen;
  if ('minuten' in versand) return new Date(beginn.getTime() - versand.minuten * 60_000);
  return berlinZeitpunkt(tageSpaeter(berlinDatum(beginn), versand.tage), versand.uhrzeit);
}

/**
 * The starts whose send time can fall between `jetzt` − AUTO_NACHHOLFRIST_MS and `jetzt` +
 * AUTO_VORLAUF_MS (a day of slack for auto_day_time); the exact choice is autoFaellig's.
 */
export function startFenster(einstellungen: AutoEinstellungen, jetzt: Date): { von: Date; bis: Date } {
  const { versand } = einstellungen;
  const versatz = 'minuten' in versand ? versand.minuten * 60_000 : -versand.tage * TAG_MS;
  const schlupf = 'minuten' in versand ? 0 : TAG_MS;
  return {
    von: new Date(jetzt.getTime() - AUTO_NACHHOLFRIST_MS + versatz - schlupf),
    bis: new Date(jetzt.getTime() + AUTO_VORLAUF_MS + versatz + schlupf),
  };
}

/**
 * Whether a newsletter for this seminar or event is to be made now: its send time lies within the
 * lead time ahead and the catch-up period behind; an announcement before the start only while the
 * start is still ahead; a fully booked one only when the template says auto_ausgebucht ('Auch
 * ausgebuchte') — announcing a seminar nobody can book any more is otherwise pointless.
 */
export function autoFaellig(ziel: AutoZiel, einstellungen: AutoEinstellungen, jetzt: Date): boolean {
  if (ziel.ausgebucht && !einstellungen.auto_ausgebucht) return false;
  const versandZeit = autoVersandZeit(ziel.beginn, einstellungen).getTime();
  const nachher = !('minuten' in einstellungen.versand) && einstellungen.versand.tage > 0;
  if (!nachher && ziel.beginn.getTime() <= jetzt.getTime()) return false;
  return (
    versandZeit <= jetzt.getTime() + AUTO_VORLAUF_MS && versandZeit >= jetzt.getTime() - AUTO_NACHHOLFRIST_MS
  );
}

const DATUM_DE = (datum: string) => datum.split('-').reverse().join('.');

/**
 * auto_titel / auto_betreff filled in: {lg_id}, {titel}, {datum} (the start's Berlin date,
 * DD.MM.YYYY); other braces stay as they are. Separators left dangling by an empty lg_id go.
 */
export function autoText(muster: string, ziel: AutoZiel): string {
  const werte: Record<string, string> = {
    lg_id: ziel.lg_id ?? '',
    titel: ziel.titel,
    datum: DATUM_DE(berlinDatum(ziel.beginn)),
  };
  return muster
    .replace(/\{(\w+)\}/g, (ganz, name: string) => werte[name] ?? ganz)
    .replace(/^[\s\-–]+|[\s\-–]+$/g, '');
}

/**
 * The send and exclusion groups: the template's, plus the Teilnehmer group of the seminar or event
 * included or excluded as auto_teilnehmer_group says. An excluded group leaves the send groups
 * (exclusion wins, as the recipient computation would have it anyway).
 */
export function autoGruppenFuer(
  einstellungen: AutoEinstellungen,
  teilnehmerGruppe: number | null,
): { versand: number[]; ausschluss: number[] } {
  const versand = new Set(einstellungen.versand_gruppen);
  const ausschluss = new Set(einstellungen.ausschluss_gruppen);
  if (teilnehmerGruppe !== null && einstellungen.auto_teilnehmer_group === 'include')
    versand.add(teilnehmerGruppe);
  if (teilnehmerGruppe !== null && einstellungen.auto_teilnehmer_group === 'exclude')
    ausschluss.add(teilnehmerGruppe);
  for (const id of ausschluss) versand.delete(id);
  return { versand: [...versand], ausschluss: [...ausschluss] };
}

/** The unique key of one automatic newsletter: one per template and seminar (or event). */
export function autoSchluessel(vorlageId: number, ziel: AutoZiel): string {
  return ziel.veranstaltung_event_id !== null
    ? `${vorlageId}-event-${ziel.veranstaltung_event_id}`
    : `${vorlageId}-seminar-${ziel.veranstaltung_id}`;
}

export type Nachfuehrung =
  { aktion: 'behalten' } | { aktion: 'verschieben'; versandZeit: Date } | { aktion: 'streichen' };

/**
 * What becomes of an automatic dispatcher not yet started when its seminar changed: moved to the
 * send time of the new start; struck when the seminar can no longer be announced (its start
 * passed, it is now fully booked, or the new send time lies beyond the catch-up period). A time
 * staff set by hand (`geplant` differs from what the automation planned) is theirs and stays.
 */
export function autoNachfuehren(
  ziel: AutoZiel,
  einstellungen: AutoEinstellungen,
  jetzt: Date,
  dispatcher: { versandZeit: Date; geplant: Date | null },
): Nachfuehrung {
  if (dispatcher.geplant === null || dispatcher.versandZeit.getTime() !== dispatcher.geplant.getTime())
    return { aktion: 'behalten' };
  const neu = autoVersandZeit(ziel.beginn, einstellungen);
  const nachher = !('minuten' in einstellungen.versand) && einstellungen.versand.tage > 0;
  if (
    (ziel.ausgebucht && !einstellungen.auto_ausgebucht) ||
    (!nachher && ziel.beginn.getTime() <= jetzt.getTime()) ||
    neu.getTime() < jetzt.getTime() - AUTO_NACHHOLFRIST_MS
  )
    return { aktion: 'streichen' };
  return neu.getTime() === dispatcher.versandZeit.getTime()
    ? { aktion: 'behalten' }
    : { aktion: 'verschieben', versandZeit: neu };
}
