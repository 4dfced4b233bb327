/**
 * Port: what the newsletter automation (automatik.ts) stores. Each write is one transaction with
 * its audit rows, guarded so that staff's changes and a dispatch that started meanwhile win.
 */
export interface AutoVorlage {
  id: number;
  /** The automation settings (domain/automatik.ts `autoEinstellungen`). */
  data: Record<string, unknown> | null;
  auto_typ: 'seminar' | 'event';
  veranstaltung_typ_id: number;
}

/** An automatic dispatcher not sent yet, with the seminar or event its newsletter announces. */
export interface AutoDispatcher {
  id: number;
  versand_time: Date | null;
  typ_data: Record<string, unknown> | null;
  ziel: { veranstaltung_id: number | null; veranstaltung_event_id: number | null };
}

export interface NeuerAutoNewsletter {
  newsletter: {
    titel: string;
    betreff: string;
    newsletter_absender_id: number | null;
    newsletter_vorlagen_id: number;
    veranstaltung_id: number;
    veranstaltung_event_id: number | null;
    allow_duplicate_email: boolean;
    /** Unique: a second newsletter for the same template and seminar is refused. */
    auto_schluessel: string;
  };
  versandGruppen: number[];
  ausschlussGruppen: number[];
  dispatcher: { versand_time: Date; typ_data: Record<string, unknown> };
}

export abstract class AutomatikSpeicher {
  /** The templates with automatik, a seminar type and an auto_typ. */
  abstract vorlagen(): Promise<AutoVorlage[]>;
  /** The template's automatic dispatchers not sent yet. */
  abstract offeneDispatcher(vorlageId: number): Promise<AutoDispatcher[]>;
  /**
   * Deletes the dispatcher if none of its rows exists yet and its time is still `versandTime`;
   * true when it did.
   */
  abstract streichen(dispatcherId: number, versandTime: Date): Promise<boolean>;
  /** Moves the dispatcher under the same guard as `streichen`; true when it did. */
  abstract verschieben(
    dispatcherId: number,
    versandTime: Date,
    neu: { versand_time: Date; typ_data: Record<string, unknown> },
  ): Promise<boolean>;
  abstract schluesselVergeben(schluessel: string): Promise<boolean>;
  /**
   * Newsletter, its groups and its dispatcher in one transaction; null when the key is taken
   * (by a check running at the same time).
   */
  abstract anlegen(
    neu: NeuerAutoNewsletter,
  ): Promise<{ newsletter_id: number; dispatcher_id: number } | null>;
}
