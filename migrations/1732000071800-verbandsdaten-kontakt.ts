import { MigrationInterface, QueryRunner } from 'typeorm';
import { addColumns, string } from '../src/platform/database/schema';

/** Issue 29: the seller contact an XRechnung must name (BR-DE-2: name, telephone, e-mail). */
export class VerbandsdatenKontakt1732000071800 implements MigrationInterface {
  name = 'VerbandsdatenKontakt1732000071800';

  async up(qr: QueryRunner): Promise<void> {
    await addColumns(qr, 'verbandsdaten', [
      string('kontakt_name', 140),
      string('kontakt_telefon', 40),
      string('kontakt_email', 140),
    ]);
  }

  async down(qr: QueryRunner): Promise<void> {
    for (const spalte of ['kontakt_email', 'kontakt_telefon', 'kontakt_name'])
      await qr.dropColumn('verbandsdaten', spalte);
  }
}
