import { MigrationInterface, QueryRunner, TableForeignKey } from 'typeorm';
import { addColumns, createIndices, dropIndices, int, string } from '../src/platform/database/schema';

const indices = [{ columns: ['rw_vorlage_id'] }];
const foreignKey = new TableForeignKey({
  name: 'FK_produkt_rw_vorlage_id',
  columnNames: ['rw_vorlage_id'],
  referencedTableName: 'rw_vorlage',
  referencedColumnNames: ['id'],
  onDelete: 'SET NULL',
});

/**
 * Issue 12: a product carries the title variants of every offer (web, cart, invoice) and its
 * invoice template, as a bundle does.
 */
export class ProductTitles1732000030000 implements MigrationInterface {
  name = 'ProductTitles1732000030000';

  async up(qr: QueryRunner): Promise<void> {
    await addColumns(qr, 'produkt', [
      string('titel_frontend'),
      string('titel_warenkorb'),
      string('titel_rechnung'),
      int('rw_vorlage_id'),
    ]);
    await createIndices(qr, 'produkt', indices);
    await qr.createForeignKey('produkt', foreignKey);
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.dropForeignKey('produkt', foreignKey.name as string);
    await dropIndices(qr, 'produkt', indices);
    await qr.dropColumns('produkt', ['titel_frontend', 'titel_warenkorb', 'titel_rechnung', 'rw_vorlage_id']);
  }
}
