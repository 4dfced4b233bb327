/**
 * Port: the StBdirekt content service of the academy (verband 2, spec 002 §6), which supplies the
 * current contents of newsletters whose template has external_data_type StBdirekt.
 */
export abstract class StbdirektInhalte {
  /** False when no STBDIREKT_URL is configured: the refresh is then not offered. */
  abstract get konfiguriert(): boolean;
  /** The current contents as one JSON object; rejects when the service fails or answers nonsense. */
  abstract inhalte(): Promise<Record<string, unknown>>;
}
