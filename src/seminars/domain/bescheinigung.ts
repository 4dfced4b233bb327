/**
 * Certificates of participation (spec 001 §3, §4, issue 11): which certificate fits a seminar and
 * a participant, when one may be issued, and what it says.
 */
import { berlinDatum } from '../../../common/kalender';
import { DomainError } from '../../shared/domain-error';
import { besuchteEvents, type TeilnehmerZeile } from './teilnehmer';
import { istKalendertag } from '../../shared/kalendertag';

export interface BescheinigungsVorlage {
  id: number;
  titel: string;
  aktiv: boolean;
  template_file: string | null;
  valid_from: string | null;
  valid_to: string | null;
  data: Record<string, unknown> | null;
}

export interface BescheinigungsSeminar {
  id: number;
  titel: string;
  lg_id: string | null;
  veranstaltung_typ_id: number | null;
  beginn: Date | null;
  ende: Date | null;
  fachberatermarke_id: number | null;
  fachberater_stunden: number;
  fortbildungspass_stunden: number;
  freigabe_teilnahme_bescheinigung: boolean;
  Fachberatermarke?: { bezeichnung: string | null } | null;
}

export interface BescheinigungsEvent {
  id: number;
  titel: string | null;
  datum: string | null;
  beginn: string | null;
  ende: string | null;
  fachberater_stunden: number;
  fortbildungspass_stunden: number;
}

const ids = (wert: unknown): number[] =>
  Array.isArray(wert) ? wert.map(Number).filter(Number.isFinite) : [];
const text = (wert: unknown): string | null => (typeof wert === 'string' && wert !== '' ? wert : null);

/** The conditions a certificate sets, each true when the seminar and participant meet it. */
function bedingungen(
  b: BescheinigungsVorlage,
  seminar: BescheinigungsSeminar,
  gruppen: number[],
  heute: string,
): boolean[] {
  const d = b.data ?? {};
  const seminarTag = seminar.beginn ? berlinDatum(seminar.beginn) : null;
  const typen = ids(d.veranstaltungTypen);
  const variante = d.veranstaltungTypenFilterVariant;
  const conditions: boolean[] = [];
  if (variante === 'include') conditions.push(typen.includes(seminar.veranstaltung_typ_id ?? -1));
  if (variante === 'exclude') conditions.push(!typen.includes(seminar.veranstaltung_typ_id ?? -1));
  if (text(d.events_from))
    conditions.push(seminarTag !== null && seminarTag >= text(d.events_from)!.slice(0, 10));
  if (text(d.events_to))
    conditions.push(seminarTag !== null && seminarTag <= text(d.events_to)!.slice(0, 10));
  if (d.fortbildungspass === true) conditions.push(seminar.fortbildungspass_stunden > 0);
  if (d.fachberatermarke_id != null)
    conditions.push(Number(d.fachberatermarke_id) === seminar.fachberatermarke_id);
  if (ids(d.veranstaltungenExclude).length)
    conditions.push(!ids(d.veranstaltungenExclude).includes(seminar.id));
  if (ids(d.benutzerGruppen).length) conditions.push(ids(d.benutzerGruppen).some((g) => gruppen.includes(g)));
  conditions.push(!b.valid_from || heute >= b.valid_from, !b.valid_to || heute <= b.valid_to);
  return conditions;
}

/**
 * The active certificate valid today whose filters all hold; the most specific (most filters)
 * wins, then the lowest id. Null when none fits.
 */
export function passendeBescheinigung<B extends BescheinigungsVorlage>(
  bescheinigungen: B[],
  seminar: BescheinigungsSeminar,
  gruppen: number[],
  heute: string,
): B | null {
  const passend = bescheinigungen
    .filter((b) => b.aktiv)
    .map((b) => ({ b, c: bedingungen(b, seminar, gruppen, heute) }))
    .filter(({ c }) => c.every(Boolean))
    .sort((x, y) => y.c.length - x.c.length || x.b.id - y.b.id);
  return passend[0]?.b ?? null;
}

const VARIANTEN = [null, undefined, '', 'none', 'include', 'exclude'];
const ID_LISTEN = ['veranstaltungTypen', 'veranstaltungenExclude', 'benutzerGruppen'] as const;
const istId = (wert: unknown) => typeof wert === 'number' && Number.isSafeInteger(wert) && wert > 0;
const leer = (wert: unknown) => wert === null || wert === undefined || wert === '';

/**
 * What a certificate's filters (its `data`, spec 001 §3) must satisfy before they are stored, so
 * that the matching above never meets a value it would silently ignore: a known variant with at
 * least one seminar type, calendar dates in order, ids where ids belong. Keys are 'data.…' fields;
 * `label` names the fields in the messages.
 */
export function bescheinigungsFilterFehler(
  data: unknown,
  label: (feld: string) => string,
): Record<string, string> {
  if (data === null || data === undefined) return {};
  if (typeof data !== 'object' || Array.isArray(data)) return { data: 'muss ein Objekt sein' };
  const d = data as Record<string, unknown>;
  const fehler: Record<string, string> = {};
  const variante = d.veranstaltungTypenFilterVariant;
  if (!VARIANTEN.includes(variante as string))
    fehler['data.veranstaltungTypenFilterVariant'] = 'muss keiner, Einschluss oder Ausschluss sein';
  for (const feld of ID_LISTEN)
    if (!leer(d[feld]) && !(Array.isArray(d[feld]) && d[feld].every(istId)))
      fehler[`data.${feld}`] = 'muss eine Liste von Einträgen sein';
  if (
    (variante === 'include' || variante === 'exclude') &&
    !fehler['data.veranstaltungTypen'] &&
    !ids(d.veranstaltungTypen).length
  )
    fehler['data.veranstaltungTypen'] =
      'muss bei Einschluss oder Ausschluss mindestens einen Seminar-Typ nennen';
  for (const feld of ['events_from', 'events_to'])
    if (!leer(d[feld]) && !(typeof d[feld] === 'string' && istKalendertag(d[feld])))
      fehler[`data.${feld}`] = 'muss ein Datum sein (JJJJ-MM-TT)';
  if (
    !fehler['data.events_from'] &&
    !fehler['data.events_to'] &&
    text(d.events_from) &&
    text(d.events_to) &&
    text(d.events_to)! < text(d.events_from)!
  )
    fehler['data.events_to'] = `darf nicht vor „${label('data.events_from')}“ liegen`;
  if (!leer(d.fachberatermarke_id) && !istId(d.fachberatermarke_id))
    fehler['data.fachberatermarke_id'] = 'muss ein Eintrag sein';
  if (!leer(d.fortbildungspass) && typeof d.fortbildungspass !== 'boolean')
    fehler['data.fortbildungspass'] = 'muss ja oder nein sein';
  if (!leer(d.textfeld1) && typeof d.textfeld1 !== 'string') fehler['data.textfeld1'] = 'muss ein Text sein';
  return fehler;
}

/** Refuses certificates of a seminar that has not released them. */
export function pruefeFreigabe(seminar: BescheinigungsSeminar): void {
  if (!seminar.freigabe_teilnahme_bescheinigung)
    throw DomainError.conflict(
      'BESCHEINIGUNG_NICHT_FREIGEGEBEN',
      `Die Teilnahmebescheinigungen des Seminars „${seminar.titel}“ sind nicht freigegeben.`,
    );
}

/** Refuses a certificate the seminar has not released or the participant did not earn. */
export function pruefeBescheinigung(seminar: BescheinigungsSeminar, zeile: TeilnehmerZeile): void {
  pruefeFreigabe(seminar);
  if (!zeile.teilnahme)
    throw DomainError.conflict(
      'NICHT_TEILGENOMMEN',
      `${zeile.anzeigename ?? 'Der Teilnehmer'} hat am Seminar „${seminar.titel}“ nicht teilgenommen.`,
    );
}

const deutsch = (iso: string) => iso.split('-').reverse().join('.');
const summe = (werte: number[]) => Math.round(werte.reduce((a, b) => a + b * 100, 0)) / 100;

/**
 * What the certificate template is filled with: the participant, the seminar, the attended dates
 * and the hours. Hours come from the attended events where they carry hours, else from the seminar.
 */
export function bescheinigungsDaten(
  b: BescheinigungsVorlage,
  seminar: BescheinigungsSeminar,
  events: BescheinigungsEvent[],
  zeile: TeilnehmerZeile,
  heute: string,
) {
  const besucht = new Set(besuchteEvents(zeile));
  const termine = events.filter((e) => besucht.has(e.id));
  const stunden = (feld: 'fachberater_stunden' | 'fortbildungspass_stunden') =>
    events.some((e) => e[feld] > 0) ? summe(termine.map((e) => e[feld])) : seminar[feld];
  const tage = termine.map((e) => e.datum).filter((d): d is string => d !== null);
  const seminarTage = [seminar.beginn, seminar.ende].filter((d): d is Date => d !== null).map(berlinDatum);
  const daten = [...new Set(tage.length ? tage : seminarTage)].map(deutsch);
  const fachberater_stunden = seminar.fachberatermarke_id ? stunden('fachberater_stunden') : 0;
  return {
    teilnehmer: {
      name: zeile.anzeigename ?? [zeile.vorname, zeile.nachname].filter(Boolean).join(' '),
      vorname: zeile.vorname,
      nachname: zeile.nachname,
      kennnummer: zeile.kennnummer,
    },
    seminar: { id: seminar.id, titel: seminar.titel, lg_id: seminar.lg_id },
    termine: daten.join(', '),
    termine_liste: termine.map((e) => ({ titel: e.titel, datum: e.datum, beginn: e.beginn, ende: e.ende })),
    stunden: stunden('fortbildungspass_stunden'),
    fachberater_stunden,
    fachberatermarke: seminar.Fachberatermarke?.bezeichnung ?? null,
    fortbildungspass: b.data?.fortbildungspass === true,
    bescheinigung: { titel: b.titel, textfeld1: text(b.data?.textfeld1) ?? '' },
    ausgestellt: heute,
  };
}
