/**
 * The 'Teilnehmer-Auswertung (CSV)' of verband 2 (spec 003 §6, §7): one line per participant of
 * each seminar the seminar billing list shows, with the seminar, the person, whether it took part
 * and what its current bookings sum to. Column heads are German as staff read them in Excel.
 */
import { berlinWandzeit } from '../../../common/kalender';
import { enumLabel } from '../../../common/vocabulary';
import type { TeilnehmerZeile } from './teilnehmer';

export interface AuswertungsSeminar {
  lg_id: string | null;
  titel: string;
  beginn: Date | null;
}

/** German date and time in Berlin: 05.03.2026 09:00. */
function deutscheZeit(zeit: Date | null): string {
  if (!zeit) return '';
  const { datum, uhrzeit } = berlinWandzeit(zeit);
  const [jahr, monat, tag] = datum.split('-');
  return `${tag}.${monat}.${jahr} ${uhrzeit.slice(0, 5)}`;
}

/** Euros with two decimals and a decimal comma (German Excel reads it as a number): 1234,50. */
export function euroZelle(euro: number): string {
  const cent = Math.round(euro * 100);
  const betrag = Math.abs(cent);
  return `${cent < 0 ? '-' : ''}${Math.floor(betrag / 100)},${String(betrag % 100).padStart(2, '0')}`;
}

/** The CSV rows, keyed by column head, in the seminars' order and each seminar's name order. */
export function teilnehmerAuswertung(
  seminare: { seminar: AuswertungsSeminar; liste: TeilnehmerZeile[] }[],
): Record<string, string>[] {
  return seminare.flatMap(({ seminar, liste }) =>
    liste.map((z) => ({
      'LG-Nr.': seminar.lg_id ?? '',
      Seminar: seminar.titel,
      Beginn: deutscheZeit(seminar.beginn),
      Kennnummer: z.kennnummer ?? '',
      Nachname: z.nachname ?? '',
      Vorname: z.vorname ?? '',
      Name: z.anzeigename ?? '',
      Firma: z.firma ?? '',
      'E-Mail': z.email ?? '',
      Berufsbezeichnung: z.berufsbezeichnung ?? '',
      Mitglied: z.mitglied ? 'ja' : 'nein',
      // The list joins the booking types' values: staff read their German names.
      Buchungsart: (z.typ ?? '')
        .split(', ')
        .filter(Boolean)
        .map((typ) => enumLabel('rw-transaction', 'buchung_typ', typ))
        .join(', '),
      Teilgenommen: z.teilnahme ? 'ja' : 'nein',
      'Betrag (€)': euroZelle(z.betrag),
    })),
  );
}
