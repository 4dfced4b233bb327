/**
 * What a member booked on one object, as a mail (spec 002 §7 `bestelluebersicht_email`), and a
 * seminar's bookings as the settlement list of the state branch (`lg_abrechnung`, spec 002 §6:
 * verband 3 adds whether the script goes by post). Pure: amounts in cents, texts in German.
 */
import { fieldLabel } from '../../../common/vocabulary';
import { DomainError } from '../../shared/domain-error';
import { eurosToCents, formatEuro } from '../../shared/money';
import { bezahlTypLabel } from './kategorie';

/** A current booking as these documents show it. */
export interface Posten {
  titel: string | null;
  teilnehmer: string | null;
  betrag: number | null;
  verifiziert: boolean;
  benutzer_id: number | null;
  kennnummer: string | null;
  benutzer_name: string | null;
  rechnungs_nr: string | null;
}

export interface Uebersichtsmail {
  subject: string;
  text: string;
}

/** The order overview mail to the member; refused when the member booked nothing there. */
export function bestelluebersicht(
  objekt: string,
  ansprache: string | null,
  posten: Posten[],
): Uebersichtsmail {
  if (posten.length === 0)
    throw DomainError.conflict(
      'KEINE_BUCHUNGEN',
      `Das Mitglied hat zu „${objekt}“ keine aktuellen Buchungen; es wurde keine Bestellübersicht versendet.`,
    );
  const zeilen = posten.map((p) => {
    const wer = p.teilnehmer ? ` (Teilnehmer: ${p.teilnehmer})` : '';
    return `- ${p.titel ?? objekt}${wer}: ${formatEuro(eurosToCents(Number(p.betrag ?? 0)))}`;
  });
  const summe = posten.reduce((s, p) => s + eurosToCents(Number(p.betrag ?? 0)), 0);
  return {
    subject: `Ihre Bestellübersicht: ${objekt}`,
    text: [
      `${ansprache ?? 'Sehr geehrte Damen und Herren'},`,
      '',
      `vielen Dank für Ihre Buchung. Sie haben zu „${objekt}“ gebucht:`,
      '',
      ...zeilen,
      '',
      `Gesamtbetrag: ${formatEuro(summe)}`,
      '',
      'Die Rechnung erhalten Sie gesondert.',
      '',
      'Mit freundlichen Grüßen',
    ].join('\n'),
  };
}

const label = (resource: string, feld: string) => fieldLabel(resource, feld) ?? feld;

/**
 * The rows of a seminar's settlement list, one per current booking, columns titled in German;
 * with `skriptPerPost` (verband 3) whether the booking member's script goes by post, from the
 * payment option (`skript`: per member; none known: no).
 */
export function lgAbrechnungZeilen(
  posten: Posten[],
  zahlungsarten: Map<number, string | null>,
  skript: Map<number, boolean> | null,
): Record<string, unknown>[] {
  return posten.map((p) => {
    const typ = p.benutzer_id == null ? null : (zahlungsarten.get(p.benutzer_id) ?? null);
    const zeile: Record<string, unknown> = {
      [label('benutzer', 'kennnummer')]: p.kennnummer ?? '',
      [label('rw-rechnung', 'benutzer_id')]: p.benutzer_name ?? '',
      [label('rw-transaction', 'teilnehmer')]: p.teilnehmer ?? '',
      [label('rw-transaction', 'titel')]: p.titel ?? '',
      // Text in the German form, so Excel reads it as the amount it is.
      [label('rw-transaction', 'betrag')]: formatEuro(eurosToCents(Number(p.betrag ?? 0))).replace(
        /\s*€$/,
        '',
      ),
      [label('rw-transaction', 'verifiziert')]: p.verifiziert,
      [label('rw-rechnung', 'rechnungs_nr')]: p.rechnungs_nr ?? '',
      [label('rw-rechnung', 'bezahloption_typ')]: bezahlTypLabel(typ),
    };
    if (skript) zeile[label('rw-bezahloption', 'skript_per_post')] = skript.get(p.benutzer_id ?? -1) ?? false;
    return zeile;
  });
}
