/**
 * Port: the TalentLMS learning platform of the academy (verband 2), reached over its REST API:
 * Benutzer accounts (membership) and the courses of seminars and events (seminars).
 */
export interface TlmsNeuerBenutzer {
  vorname: string;
  nachname: string;
  email: string;
  login: string;
  passwort: string;
}

export interface TlmsBenutzer {
  id: string;
  login: string;
}

/** A course for a seminar or event (spec 001 §5, §7); `code` is what staff find it by in TalentLMS. */
export interface TlmsNeuerKurs {
  name: string;
  beschreibung: string | null;
  code: string | null;
}

export interface TlmsKurs {
  id: string;
}

export abstract class TalentLms {
  /** False when no URL or API key is configured. */
  abstract get konfiguriert(): boolean;
  abstract registriere(benutzer: TlmsNeuerBenutzer): Promise<TlmsBenutzer>;
  abstract erstelleKurs(kurs: TlmsNeuerKurs): Promise<TlmsKurs>;
}
