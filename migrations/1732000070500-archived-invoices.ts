import { MigrationInterface, QueryRunner, TableForeignKey } from 'typeorm';
import { addColumns, createIndices, dropIndices, int, string } from '../src/platform/database/schema';

const fk = (table: string, column: string, referenced: string) =>
  new TableForeignKey({
    name: `FK_${table}_${column}`,
    columnNames: [column],
    referencedTableName: referenced,
    referencedColumnNames: ['id'],
    onDelete: 'SET NULL',
  });

const rechnungFks = [fk('rw_rechnung', 'rw_vorlage_id', 'rw_vorlage')];
const vorlageFks = [
  fk('rw_vorlage', 'einleitung_rw_text_id', 'rw_text'),
  fk('rw_vorlage', 'schluss_rw_text_id', 'rw_text'),
];
const rechnungIndices = [{ columns: ['rw_vorlage_id'] }];
const vorlageIndices = [{ columns: ['einleitung_rw_text_id'] }, { columns: ['schluss_rw_text_id'] }];

/**
 * Issue 28, archived originals (GoBD): an invoice records the template it was issued with and the
 * PDF rendered once at issue — its file in the invoice archive and that file's SHA-256 — so that
 * every later download serves the same bytes. Invoices issued before have neither; they get their
 * original on their first download (application/rechnungs-dokument.ts). A template names its
 * opening and closing text blocks (rw-text).
 */
export class ArchivedInvoices1732000070500 implements MigrationInterface {
  name = 'ArchivedInvoices1732000070500';

  async up(qr: QueryRunner): Promise<void> {
    await addColumns(qr, 'rw_rechnung', [
      int('rw_vorlage_id'),
      string('original_datei'),
      string('original_sha256', 64),
    ]);
    await createIndices(qr, 'rw_rechnung', rechnungIndices);
    for (const key of rechnungFks) await qr.createForeignKey('rw_rechnung', key);
    await addColumns(qr, 'rw_vorlage', [int('einleitung_rw_text_id'), int('schluss_rw_text_id')]);
    await createIndices(qr, 'rw_vorlage', vorlageIndices);
    for (const key of vorlageFks) await qr.createForeignKey('rw_vorlage', key);
  }

  async down(qr: QueryRunner): Promise<void> {
    for (const key of vorlageFks) await qr.dropForeignKey('rw_vorlage', key.name as string);
    await dropIndices(qr, 'rw_vorlage', vorlageIndices);
    await qr.dropColumns('rw_vorlage', ['einleitung_rw_text_id', 'schluss_rw_text_id']);
    for (const key of rechnungFks) await qr.dropForeignKey('rw_rechnung', key.name as string);
    await dropIndices(qr, 'rw_rechnung', rechnungIndices);
    await qr.dropColumns('rw_rechnung', ['rw_vorlage_id', 'original_datei', 'original_sha256']);
  }
}
