/**
 * A seminar as an iCalendar file (RFC 5545, spec 003 §7): one VEVENT per dated event, or one for
 * the seminar itself when it has none; local times in Europe/Berlin with its VTIMEZONE, so that
 * calendars show 09:00 on both sides of a daylight-saving change. UIDs name the record, so a
 * second import updates instead of duplicating; SEQUENCE follows the record's edit version.
 */
import { berlinWandzeit } from '../../../common/kalender';

export interface KalenderOrt {
  bezeichnung: string;
  strasse: string | null;
  plz: string | null;
  ort: string | null;
}

interface Stand {
  id: number;
  updatedAt: Date;
  version: number;
}

export interface KalenderSeminar extends Stand {
  titel: string;
  beschreibung: string | null;
  link_extern: string | null;
  /** UTC instants; the events' span, or set by hand for a seminar without events. */
  beginn: Date | null;
  ende: Date | null;
}

export interface KalenderEvent extends Stand {
  titel: string | null;
  /** 'YYYY-MM-DD' with Berlin wall-clock times 'HH:MM'. */
  datum: string | null;
  beginn: string | null;
  ende: string | null;
  ort: KalenderOrt | null;
}

/** Where the UIDs come from: stable per record, never reused for another one. */
const UID_DOMAIN = 'verbandsverwaltung';

/** Europe/Berlin since 1996: CEST from the last Sunday of March, CET from the last Sunday of October. */
const VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  'TZID:Europe/Berlin',
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0200',
  'TZNAME:CEST',
  'DTSTART:19700329T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0100',
  'TZNAME:CET',
  'DTSTART:19701025T030000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
];

/** TEXT values (RFC 5545 §3.3.11): backslash, semicolon, comma and line breaks escaped. */
export function icalText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

const utf8 = new TextEncoder();

/** Content lines of at most 75 octets (RFC 5545 §3.1), never splitting a UTF-8 character. */
export function icalFold(line: string): string {
  const teile: string[] = [];
  let teil = '';
  let oktette = 0;
  for (const zeichen of line) {
    const laenge = utf8.encode(zeichen).length;
    // Continuation lines start with a space, which counts.
    const grenze = teile.length === 0 ? 75 : 74;
    if (oktette + laenge > grenze) {
      teile.push(teil);
      teil = '';
      oktette = 0;
    }
    teil += zeichen;
    oktette += laenge;
  }
  teile.push(teil);
  return teile.join('\r\n ');
}

const kompakt = (datum: string) => datum.replace(/-/g, '');

/** A DATE-TIME in UTC: 20260310T080000Z. */
const utc = (zeitpunkt: Date) => `${zeitpunkt.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;

/** A Berlin wall-clock DATE-TIME property: DTSTART;TZID=Europe/Berlin:20260310T090000. */
const berlin = (name: string, datum: string, uhrzeit: string) =>
  `${name};TZID=Europe/Berlin:${kompakt(datum)}T${uhrzeit.replace(/:/g, '').padEnd(6, '0')}`;

const naechsterTag = (datum: string) => {
  const tag = new Date(`${datum}T00:00:00Z`);
  tag.setUTCDate(tag.getUTCDate() + 1);
  return tag.toISOString().slice(0, 10);
};

const ortText = (ort: KalenderOrt) =>
  [ort.bezeichnung, ort.strasse, [ort.plz, ort.ort].filter(Boolean).join(' ')].filter(Boolean).join(', ');

function vevent(
  uid: string,
  stand: Stand,
  zeiten: string[],
  felder: Record<string, string | null>,
): string[] {
  const texte = Object.entries(felder).flatMap(([name, wert]) =>
    wert ? [`${name}:${name === 'URL' ? wert : icalText(wert)}`] : [],
  );
  return [
    'BEGIN:VEVENT',
    `UID:${uid}@${UID_DOMAIN}`,
    `DTSTAMP:${utc(stand.updatedAt)}`,
    `SEQUENCE:${Math.max(0, stand.version - 1)}`,
    ...zeiten,
    ...texte,
    'END:VEVENT',
  ];
}

/** The times of an event: a whole day without a start time, else Berlin local start (and end). */
function eventZeiten(event: KalenderEvent & { datum: string }): string[] {
  if (!event.beginn)
    return [
      `DTSTART;VALUE=DATE:${kompakt(event.datum)}`,
      `DTEND;VALUE=DATE:${kompakt(naechsterTag(event.datum))}`,
    ];
  const zeiten = [berlin('DTSTART', event.datum, event.beginn)];
  if (event.ende) zeiten.push(berlin('DTEND', event.datum, event.ende));
  return zeiten;
}

/** The calendar, CRLF line ends; null when neither the seminar nor an event has a date. */
export function seminarKalender(seminar: KalenderSeminar, events: KalenderEvent[]): string | null {
  const datiert = events.filter((e): e is KalenderEvent & { datum: string } => Boolean(e.datum));
  const beschreibung = { DESCRIPTION: seminar.beschreibung, URL: seminar.link_extern };
  let vevents: string[];
  if (datiert.length > 0) {
    vevents = datiert.flatMap((event) =>
      vevent(`veranstaltung-event-${event.id}`, event, eventZeiten(event), {
        SUMMARY:
          event.titel && event.titel !== seminar.titel ? `${seminar.titel} – ${event.titel}` : seminar.titel,
        LOCATION: event.ort ? ortText(event.ort) : null,
        ...beschreibung,
      }),
    );
  } else if (seminar.beginn) {
    const start = berlinWandzeit(seminar.beginn);
    const zeiten = [berlin('DTSTART', start.datum, start.uhrzeit)];
    if (seminar.ende) {
      const ende = berlinWandzeit(seminar.ende);
      zeiten.push(berlin('DTEND', ende.datum, ende.uhrzeit));
    }
    vevents = vevent(`veranstaltung-${seminar.id}`, seminar, zeiten, {
      SUMMARY: seminar.titel,
      ...beschreibung,
    });
  } else return null;
  const zeilen = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Verbandsverwaltung//Seminare//DE',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...VTIMEZONE,
    ...vevents,
    'END:VCALENDAR',
  ];
  return `${zeilen.map(icalFold).join('\r\n')}\r\n`;
}
