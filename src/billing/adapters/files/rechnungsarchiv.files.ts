/**
 * The invoice archive in the file storage (FILES_DIR): its own area, no resource's, so neither the
 * file screens nor `/download` reach it. `ab/abcdef….pdf`: two hex characters per folder keep
 * folders small with hundreds of thousands of invoices.
 */
import { Injectable } from '@nestjs/common';
import { FileStorage } from '../../../platform/files/file-storage';
import { Rechnungsarchiv } from '../../application/ports/rechnungsarchiv';

export const RECHNUNGSARCHIV = 'rechnungsarchiv';

@Injectable()
export class RechnungsarchivDateien extends Rechnungsarchiv {
  constructor(private readonly storage: FileStorage) {
    super();
  }

  async ablegen(sha256: string, pdf: Uint8Array): Promise<string> {
    const datei = `${sha256.slice(0, 2)}/${sha256}.pdf`;
    // Same name, same bytes: a file already there (a concurrent first download) is kept.
    if (!(await this.storage.exists(RECHNUNGSARCHIV, datei)))
      await this.storage.write(RECHNUNGSARCHIV, datei, Buffer.from(pdf), { overwrite: true });
    return datei;
  }

  async lesen(datei: string): Promise<Uint8Array | null> {
    if (!(await this.storage.exists(RECHNUNGSARCHIV, datei))) return null;
    return this.storage.readBuffer(RECHNUNGSARCHIV, datei);
  }

  async entfernen(datei: string): Promise<void> {
    if (await this.storage.exists(RECHNUNGSARCHIV, datei)) await this.storage.delete(RECHNUNGSARCHIV, datei);
  }
}
