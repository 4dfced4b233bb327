import { MigrationInterface, QueryRunner } from 'typeorm';
import {
  addColumns,
  createTables,
  dropTables,
  enumString,
  id,
  json,
  string,
  table,
  timestamps,
} from '../src/platform/database/schema';

/**
 * Issue 28 (§ 14 UStG): the association's own data as issuer of its invoices, one row, edited by
 * administrators (until it is saved, the SEPA creditor of the configuration stands in); and a VAT
 * rate per product (19, 7 or 0 %), 19 for the products there are.
 */
export class AssociationDataAndProductVat1732000070300 implements MigrationInterface {
  name = 'AssociationDataAndProductVat1732000070300';

  async up(qr: QueryRunner): Promise<void> {
    await createTables(qr, [
      table('verbandsdaten', [
        id(),
        string('name', 140, { isNullable: false }),
        string('strasse', 140, { isNullable: false }),
        string('plz', 10, { isNullable: false }),
        string('ort', 70, { isNullable: false }),
        string('steuernummer', 20),
        string('ust_idnr', 20),
        string('iban', 34, { isNullable: false }),
        string('bic', 11),
        string('bank', 140),
        string('glaeubiger_id', 35),
        json('befreiungsgruende', { isNullable: false }),
        timestamps(),
      ]),
    ]);
    await addColumns(qr, 'produkt', [enumString('mwst', { isNullable: false, default: "'19'" })]);
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.dropColumn('produkt', 'mwst');
    await dropTables(qr, ['verbandsdaten']);
  }
}
