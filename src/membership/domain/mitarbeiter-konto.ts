/**
 * Staff accounts (issues 17, 26): the one rule for who may touch an account, run by every path
 * that writes a Benutzer (the generic save and delete, merges, the password routes). It compares
 * the stored record with the record as it will be stored, never with the fields that were sent, so
 * a derived change (the login name following the kennnummer) counts like a typed one. The password
 * rules themselves are in common/passwort.ts. Pure.
 */
import { DomainError } from '../../shared/domain-error';

/** The fields of a Benutzer that make up its staff account (`password`: the stored hash, or null). */
export interface KontoStand {
  atr_verband_mitarbeiter?: boolean | null;
  atr_verband_admin?: boolean | null;
  aktiviert?: boolean | null;
  benutzername?: string | null;
  password?: string | null;
  verband?: number | null;
}

/** What the rule needs to know beyond the two records. */
export interface KontoPruefung {
  /** The acting member of staff has the admin right (system work counts as an administrator). */
  istAdmin: boolean;
  /** Active administrators other than this record; consulted only when `vorher` is one. */
  weitereAktiveAdmins: number;
}

const nurAdmin = (message: string) => new DomainError('NUR_ADMIN', message, 'forbidden');

const ZUGANG_ENTZIEHEN = 'Nur Administratoren dürfen einem Mitarbeiter den Zugang entziehen.';
const NUR_ADMIN_PASSWORT =
  'Nur Administratoren dürfen das Passwort eines Mitarbeiters setzen oder entfernen; das eigene ändern Sie in den Einstellungen.';

/** A field's value with "none" in one form: false, blanks and a missing record alike are null. */
const wert = (stand: KontoStand | null | undefined, feld: keyof KontoStand) => {
  const value = stand?.[feld] ?? null;
  return value === false || (typeof value === 'string' && value.trim() === '') ? null : value;
};
const geaendert = (vorher: KontoStand | undefined, nachher: KontoStand | null, feld: keyof KontoStand) =>
  wert(vorher, feld) !== wert(nachher, feld);

export const istMitarbeiter = (stand: KontoStand | null | undefined): boolean =>
  Boolean(stand?.atr_verband_mitarbeiter);

/** An administrator who can log in and use the right: staff, active and with the admin right. */
export const istAktiverAdmin = (stand: KontoStand | null | undefined): boolean =>
  Boolean(stand?.atr_verband_admin && stand.atr_verband_mitarbeiter && stand.aktiviert);

/**
 * Refuses what the change from `vorher` (undefined for a new Benutzer) to `nachher` (the record as
 * it will be stored; null when it is deleted or merged away) may not do:
 * - staff without the admin right (403) may not grant or withdraw the admin right, make a Benutzer
 *   staff, and may change nothing of a staff account: staff flag, activation, login name, password,
 *   verband, nor delete it;
 * - nobody (409) may leave no active administrator, or rename the last one (a mistyped login of the
 *   only administrator would lock everyone out of the admin work);
 * - a staff account keeps its login name (400): staff listed without one (no login) may stay so.
 */
export function pruefeKontoAenderung(
  vorher: KontoStand | undefined,
  nachher: KontoStand | null,
  { istAdmin, weitereAktiveAdmins }: KontoPruefung,
): void {
  if (!istAdmin) pruefeNurAdmin(vorher, nachher);
  if (istAktiverAdmin(vorher) && weitereAktiveAdmins === 0) {
    if (!istAktiverAdmin(nachher)) {
      throw DomainError.conflict('LETZTER_ADMIN', 'Es muss mindestens ein aktiver Administrator bleiben.');
    }
    if (geaendert(vorher, nachher, 'benutzername')) {
      throw DomainError.conflict(
        'LETZTER_ADMIN',
        'Der Benutzername des letzten aktiven Administrators kann nicht geändert werden. Bitte zuerst einen weiteren Administrator ernennen.',
      );
    }
  }
  const behaeltLogin =
    istMitarbeiter(vorher) && istMitarbeiter(nachher) && wert(vorher, 'benutzername') !== null;
  if (behaeltLogin && wert(nachher, 'benutzername') === null) {
    throw DomainError.invalid('BENUTZERNAME_FEHLT', 'Ein Mitarbeiter braucht einen Benutzernamen.', {
      benutzername: 'ist für Mitarbeiter ein Pflichtfeld',
    });
  }
}

function pruefeNurAdmin(vorher: KontoStand | undefined, nachher: KontoStand | null): void {
  if (nachher === null) {
    if (istMitarbeiter(vorher)) throw nurAdmin(ZUGANG_ENTZIEHEN);
    return;
  }
  if (
    geaendert(vorher, nachher, 'atr_verband_admin') &&
    (vorher !== undefined || nachher?.atr_verband_admin)
  ) {
    throw nurAdmin('Nur Administratoren dürfen Administratorrechte vergeben oder entziehen.');
  }
  if (!istMitarbeiter(vorher)) {
    if (istMitarbeiter(nachher)) {
      throw nurAdmin('Nur Administratoren dürfen einen Benutzer zum Mitarbeiter machen.');
    }
    return;
  }
  if (!istMitarbeiter(nachher) || (geaendert(vorher, nachher, 'aktiviert') && !nachher.aktiviert)) {
    throw nurAdmin(ZUGANG_ENTZIEHEN);
  }
  if (geaendert(vorher, nachher, 'aktiviert')) {
    throw nurAdmin('Nur Administratoren dürfen einen Mitarbeiterzugang wieder aktivieren.');
  }
  if (geaendert(vorher, nachher, 'benutzername')) {
    throw nurAdmin('Nur Administratoren dürfen den Benutzernamen eines Mitarbeiters ändern.');
  }
  if (geaendert(vorher, nachher, 'password')) throw nurAdmin(NUR_ADMIN_PASSWORT);
  if (geaendert(vorher, nachher, 'verband')) {
    throw nurAdmin('Nur Administratoren dürfen den Verband eines Mitarbeiters ändern.');
  }
}

/**
 * A password set while the Benutzer was no staff account (by anyone, spec 000 §4's PasswordSet)
 * does not become a staff login: making a Benutzer staff discards it, and an administrator sets
 * the staff password afterwards.
 */
export const verwirftPasswort = (vorher: KontoStand | undefined, nachher: KontoStand): boolean =>
  !istMitarbeiter(vorher) && istMitarbeiter(nachher) && wert(nachher, 'password') !== null;
