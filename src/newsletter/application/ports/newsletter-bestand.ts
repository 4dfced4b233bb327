/** Port: what the newsletter use cases read of stored newsletters and their templates. */
export interface NewsletterGruppen {
  allow_duplicate_email: boolean;
  /** Its send groups. */
  versand: number[];
  /** Its exclusion groups. */
  ausschluss: number[];
}

export interface NewsletterAbsenderDaten {
  name: string;
  email: string;
  reply_to: string | null;
}

export interface VorlagenDaten {
  /** The template file's name (the shipped standard when empty). */
  vorlage: string | null;
  external_data_type: string | null;
  json_content_scheme: unknown;
}

/** A newsletter with what its mails are rendered from. */
export interface NewsletterZumRendern {
  titel: string;
  betreff: string | null;
  body: string | null;
  json_content: unknown;
  vorlage: VorlagenDaten | null;
  absender: NewsletterAbsenderDaten | null;
  /** The seminar it is about (its start a moment in time). */
  seminar: { lg_id: string | null; titel: string; beginn: Date | null } | null;
  /** The event of the seminar it is about (Berlin date and 'HH:MM'). */
  event: { lg_id: string | null; titel: string | null; datum: string | null; beginn: string | null } | null;
}

export abstract class NewsletterBestand {
  abstract vorhanden(id: number): Promise<boolean>;
  /** Null when there is no such newsletter. */
  abstract gruppen(id: number): Promise<NewsletterGruppen | null>;
  /** Null when there is no such newsletter. */
  abstract zumRendern(id: number): Promise<NewsletterZumRendern | null>;
  /** Null when there is no such template. */
  abstract vorlage(id: number): Promise<VorlagenDaten | null>;
}
