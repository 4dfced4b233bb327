/** Port: the TalentLMS learning platform of the academy (verband 2), reached over its REST API. */
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

export abstract class TalentLms {
  /** False when no URL or API key is configured. */
  abstract get konfiguriert(): boolean;
  abstract registriere(benutzer: TlmsNeuerBenutzer): Promise<TlmsBenutzer>;
}
