/**
 * A guest registration taken over (issue 28, spec 003 §2 /rw/gastanmeldung): the guest becomes a
 * Benutzer with the registration's name, e-mail and address, and the seminar (or event) they
 * registered for is booked for that Benutzer. Pure: what the registration says, and when it cannot.
 */
import { istUebernommen } from '../../../common/gastanmeldung';
import { hatSichtbarenText, sichtbarerText } from '../../../common/sichtbarer-text';
import { DomainError } from '../../shared/domain-error';
import type { BuchungsEingabe } from './buchung';

export interface Gastanmeldung {
  id: number;
  vorname: string | null;
  nachname: string | null;
  firma: string | null;
  email: string | null;
  veranstaltung_id: number | null;
  veranstaltung_event_id: number | null;
  benutzer_id: number | null;
  status: string;
  /** The submitted form: anrede, titel, strasse, plz, ort, bemerkung. */
  data: Record<string, unknown> | null;
}

/** The Benutzer a guest becomes. */
export interface GastPerson {
  vorname: string | null;
  nachname: string | null;
  firma: string | null;
  titel: string | null;
  gender: 'male' | 'female' | null;
  email: string | null;
  adresse: { strasse: string | null; plz: string | null; ort: string | null } | null;
}

export const GAST_UEBERNOMMEN = 'Die Gastanmeldung wurde bereits übernommen.';
export const GAST_OHNE_NAMEN =
  'Die Gastanmeldung nennt weder Nachname noch Firma; bitte ergänzen Sie den Namen, bevor Sie sie übernehmen.';

/** A registration is taken over once. */
export function pruefeUebernahme(gast: Gastanmeldung): void {
  if (istUebernommen(gast)) throw DomainError.conflict('GAST_UEBERNOMMEN', GAST_UEBERNOMMEN);
}

/** A form value as text: its visible characters, null when there are none. */
function angabe(wert: unknown): string | null {
  if (typeof wert !== 'string') return null;
  return hatSichtbarenText(wert) ? sichtbarerText(wert) : null;
}

const GESCHLECHT: Record<string, GastPerson['gender']> = { Frau: 'female', Herr: 'male' };

/** The Benutzer the guest becomes; refused without a name, as a Benutzer needs Nachname or Firma. */
export function alsBenutzer(gast: Gastanmeldung): GastPerson {
  const nachname = angabe(gast.nachname);
  const firma = angabe(gast.firma);
  if (!nachname && !firma) throw DomainError.invalid('GAST_OHNE_NAMEN', GAST_OHNE_NAMEN);
  const data = gast.data ?? {};
  const adresse = { strasse: angabe(data.strasse), plz: angabe(data.plz), ort: angabe(data.ort) };
  return {
    vorname: angabe(gast.vorname),
    nachname,
    firma,
    titel: angabe(data.titel),
    gender: GESCHLECHT[angabe(data.anrede) ?? ''] ?? null,
    email: angabe(gast.email),
    adresse: Object.values(adresse).some((teil) => teil !== null) ? adresse : null,
  };
}

/** The booking the registration asks for: its seminar or event, registered online; null without one. */
export function gastbuchung(gast: Gastanmeldung, benutzerId: number): BuchungsEingabe | null {
  if (gast.veranstaltung_id === null && gast.veranstaltung_event_id === null) return null;
  return {
    benutzer_id: benutzerId,
    category: 'seminare',
    veranstaltung_id: gast.veranstaltung_id,
    veranstaltung_event_id: gast.veranstaltung_event_id,
    buchung_typ: 'online',
  };
}
