import { MigrationInterface, QueryRunner } from 'typeorm';
import { createIndices, dropIndices } from '../src/platform/database/schema';

/**
 * One per id field: a payment option's category fixes which id field is set and leaves the others
 * NULL (domain/bezahloption.ts), and NULLs never collide in a unique index, so each index only
 * binds the rows of its own category.
 */
const ID_FELDER = ['veranstaltung_id', 'wb_abo_id', 'wb_bundle_id', 'warenkorb_id'];
const eindeutig = ID_FELDER.map((feld) => ({ columns: ['benutzer_id', 'category', feld], unique: true }));

/**
 * Issue 13: one payment option per member and category object, also when two saves race past the
 * check of application/bezahloptionen.ts. Existing duplicates are named instead of failing on an
 * anonymous index error; staff delete the wrong ones and run the migration again.
 */
export class PaymentOptionUnique1732000050000 implements MigrationInterface {
  name = 'PaymentOptionUnique1732000050000';

  async up(qr: QueryRunner): Promise<void> {
    const doppelt: string[] = [];
    for (const feld of ID_FELDER) {
      const zeilen: Record<string, unknown>[] = await qr.query(
        `SELECT benutzer_id, category, ${feld} AS objekt FROM rw_bezahloption WHERE ${feld} IS NOT NULL ` +
          `GROUP BY benutzer_id, category, ${feld} HAVING COUNT(*) > 1`,
      );
      for (const z of zeilen)
        doppelt.push(`Benutzer ${String(z.benutzer_id)}, ${String(z.category)} ${String(z.objekt)}`);
    }
    if (doppelt.length > 0)
      throw new Error(
        `Mehrere Zahlungsarten für dasselbe Mitglied und denselben Eintrag: ${doppelt.join('; ')}`,
      );
    await createIndices(qr, 'rw_bezahloption', eindeutig);
  }

  async down(qr: QueryRunner): Promise<void> {
    // MySQL may have dropped its own index of the benutzer_id foreign key for these: keep one.
    await createIndices(qr, 'rw_bezahloption', [{ columns: ['benutzer_id'] }]);
    await dropIndices(qr, 'rw_bezahloption', eindeutig);
  }
}
