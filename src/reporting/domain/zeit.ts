/**
 * Calendar reasoning of the evaluations (DESIGN.md §4): stored instants are UTC, months and days
 * are those of Europe/Berlin. Dates are 'YYYY-MM-DD', months 'YYYY-MM'.
 */
import { berlinDatum, berlinZeitpunkt } from '../../../common/kalender';
import { DomainError } from '../../shared/domain-error';

export type Datum = string;
export type Monat = string;

/** The instant a Berlin calendar day begins. */
export function berlinTagesbeginn(datum: Datum): Date {
  return berlinZeitpunkt(datum, '00:00');
}

export function monatVon(datum: Datum): Monat {
  return datum.slice(0, 7);
}

export function ersterTag(monat: Monat): Datum {
  return `${monat}-01`;
}

export function folgemonat(monat: Monat): Monat {
  const [j, m] = monat.split('-').map(Number);
  return m === 12 ? `${j + 1}-01` : `${j}-${String(m + 1).padStart(2, '0')}`;
}

export function folgetag(datum: Datum): Datum {
  const [j, m, t] = datum.split('-').map(Number);
  return new Date(Date.UTC(j, m - 1, t + 1)).toISOString().slice(0, 10);
}

export function monateDesJahres(jahr: number): Monat[] {
  return Array.from({ length: 12 }, (_, i) => `${jahr}-${String(i + 1).padStart(2, '0')}`);
}

const MONATSNAMEN = [
  'Januar',
  'Februar',
  'März',
  'April',
  'Mai',
  'Juni',
  'Juli',
  'August',
  'September',
  'Oktober',
  'November',
  'Dezember',
];

/** '2026-03' → 'März 2026'. */
export function monatsTitel(monat: Monat): string {
  const [j, m] = monat.split('-').map(Number);
  return `${MONATSNAMEN[m - 1]} ${j}`;
}

const ERSTES_JAHR = 2000;
const LETZTES_JAHR = 2100;

function ungueltig(code: string, message: string): DomainError {
  return DomainError.invalid(code, message);
}

/** A year given as number or text, 2000 to 2100. */
export function leseJahr(value: unknown): number {
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string' || !/^\d{4}$/.test(text.trim())) {
    throw ungueltig('JAHR_UNGUELTIG', `Ungültiges Jahr „${String(value ?? '')}“ (erwartet z. B. 2026).`);
  }
  const jahr = Number(text);
  if (jahr < ERSTES_JAHR || jahr > LETZTES_JAHR) {
    throw ungueltig('JAHR_UNGUELTIG', `Das Jahr muss zwischen ${ERSTES_JAHR} und ${LETZTES_JAHR} liegen.`);
  }
  return jahr;
}

/** A month as 'YYYY-MM' or as the route's 'YYYYMM'. */
export function leseMonat(value: unknown): Monat {
  const text = typeof value === 'number' ? String(value) : value;
  const match = typeof text === 'string' ? /^(\d{4})-?(\d{2})$/.exec(text.trim()) : null;
  const monat = match ? Number(match[2]) : 0;
  if (!match || monat < 1 || monat > 12) {
    throw ungueltig('MONAT_UNGUELTIG', `Ungültiger Monat „${String(value ?? '')}“ (erwartet JJJJ-MM).`);
  }
  leseJahr(match[1]);
  return `${match[1]}-${match[2]}`;
}

/** A calendar date 'YYYY-MM-DD', or an instant (a date picker's Berlin midnight) as its Berlin date. */
export function leseDatum(value: unknown, feld: string): Datum {
  if (typeof value === 'string') {
    const text = value.trim();
    if (/^\d{4}-\d{2}-\d{2}$/.test(text)) {
      const tag = new Date(`${text}T00:00:00Z`);
      if (!Number.isNaN(tag.getTime()) && tag.toISOString().startsWith(text)) return text;
    } else if (/^\d{4}-\d{2}-\d{2}T/.test(text)) {
      const zeitpunkt = new Date(text);
      if (!Number.isNaN(zeitpunkt.getTime())) return berlinDatum(zeitpunkt);
    }
  }
  throw ungueltig('DATUM_UNGUELTIG', `„${feld}“ ist kein gültiges Datum (erwartet JJJJ-MM-TT).`);
}
