/** Port: what the dispatch and the recipient count read of a stored newsletter. */
export interface NewsletterGruppen {
  allow_duplicate_email: boolean;
  /** Its send groups. */
  versand: number[];
  /** Its exclusion groups. */
  ausschluss: number[];
}

export abstract class NewsletterBestand {
  abstract vorhanden(id: number): Promise<boolean>;
  /** Null when there is no such newsletter. */
  abstract gruppen(id: number): Promise<NewsletterGruppen | null>;
}
