/**
 * Port: the archive of issued invoices' PDFs (issue 28, GoBD). A file is stored once under the name
 * its SHA-256 gives it and never overwritten; the invoice records name and hash, and the use case
 * checks the hash on every read (application/rechnungs-dokument.ts).
 */
export abstract class Rechnungsarchiv {
  /** Stores `pdf` under its hash; answers the file's name in the archive. */
  abstract ablegen(sha256: string, pdf: Uint8Array): Promise<string>;
  /** The stored bytes, or null when the file is missing. */
  abstract lesen(datei: string): Promise<Uint8Array | null>;
  /** Removes the file once its invoice is gone (its retention passed); a missing file is no error. */
  abstract entfernen(datei: string): Promise<void>;
}
