/**
 * Staff accounts (issue 17): which changes of a Benutzer only an administrator may make (the
 * password rules are in common/passwort.ts). Pure: the Benutzer save hook runs them.
 */
import { DomainError } from '../../shared/domain-error';

/** The fields of a Benutzer that make up its staff account. */
export interface KontoStand {
  atr_verband_mitarbeiter?: boolean | null;
  atr_verband_admin?: boolean | null;
  aktiviert?: boolean | null;
  benutzername?: string | null;
}

const nurAdmin = (message: string) => new DomainError('NUR_ADMIN', message, 'forbidden');

/**
 * Refuses (403) what a member of staff without the admin right may not do: make a Benutzer staff
 * or take that away, grant or withdraw the admin right, deactivate a staff account or change its
 * login name. `vorher` is undefined for a new Benutzer; `nachher` holds only the fields sent.
 */
export function pruefeKontoAenderung(
  vorher: KontoStand | undefined,
  nachher: KontoStand,
  istAdmin: boolean,
): void {
  if (istAdmin) return;
  const warMitarbeiter = Boolean(vorher?.atr_verband_mitarbeiter);
  const geaendert = (feld: keyof KontoStand) =>
    nachher[feld] !== undefined && (nachher[feld] ?? null) !== (vorher?.[feld] ?? null);
  if (geaendert('atr_verband_admin') && (vorher !== undefined || nachher.atr_verband_admin)) {
    throw nurAdmin('Nur Administratoren dürfen Administratorrechte vergeben oder entziehen.');
  }
  if (!warMitarbeiter) {
    if (nachher.atr_verband_mitarbeiter) {
      throw nurAdmin('Nur Administratoren dürfen einen Benutzer zum Mitarbeiter machen.');
    }
    return;
  }
  if (nachher.atr_verband_mitarbeiter === false || nachher.aktiviert === false) {
    throw nurAdmin('Nur Administratoren dürfen einem Mitarbeiter den Zugang entziehen.');
  }
  if (geaendert('benutzername')) {
    throw nurAdmin('Nur Administratoren dürfen den Benutzernamen eines Mitarbeiters ändern.');
  }
}

/** Refuses to take the admin right (or the account) from the last administrator. */
export function pruefeLetzterAdmin(vorher: KontoStand, nachher: KontoStand, weitereAdmins: number): void {
  const bleibtAdmin =
    (nachher.atr_verband_admin ?? vorher.atr_verband_admin) &&
    (nachher.atr_verband_mitarbeiter ?? vorher.atr_verband_mitarbeiter) &&
    (nachher.aktiviert ?? vorher.aktiviert);
  if (vorher.atr_verband_admin && !bleibtAdmin && weitereAdmins === 0) {
    throw DomainError.conflict('LETZTER_ADMIN', 'Es muss mindestens ein aktiver Administrator bleiben.');
  }
}
