import { MigrationInterface, QueryRunner } from 'typeorm';
import {
  addColumns,
  createTables,
  datetime,
  dropTables,
  enumString,
  id,
  int,
  json,
  string,
  table,
} from '../src/platform/database/schema';

/** Every table staff edit (those with `updatedAt`): the edit version that detects concurrent saves. */
const VERSIONED = [
  'benutzer',
  'benutzer_email',
  'benutzer_adresse',
  'benutzer_konto',
  'benutzer_gruppe',
  'veranstaltung_typ',
  'veranstaltung_referent',
  'veranstaltung_ort',
  'veranstaltung',
  'veranstaltung_inhalt',
  'veranstaltung_event',
  'download',
  'pdf_vorlage',
  'bescheinigung',
  'wb_rabatt',
  'wb_voucher',
  'wb_abo',
  'wb_abo_turnus',
  'wb_abo_buchung',
  'wb_bundle',
  'produkt',
  'warenkorb',
  'rw_kreis',
  'rw_debitor_kreis',
  'rw_vorlage',
  'rw_text',
  'rw_abrechnung',
  'rw_rechnung',
  'rw_transaction',
  'rw_bezahloption',
  'gastanmeldung',
  'newsletter_absender',
  'verband_website',
  'news',
  'newsletter_vorlagen',
  'newsletter',
  'newsletter_dispatcher',
  'newsletter_versand',
];

/**
 * Issue 17: concurrent edits are not lost (a `version` per edited row) and every change is audited
 * (`audit`: who, when, what, the changed fields). The audit keeps the staff member's name as it
 * was, and no foreign keys: it outlives the records and the staff it names.
 */
export class EditVersionsAndAudit1732000019000 implements MigrationInterface {
  name = 'EditVersionsAndAudit1732000019000';

  async up(qr: QueryRunner): Promise<void> {
    for (const name of VERSIONED)
      await addColumns(qr, name, [int('version', { isNullable: false, default: 1 })]);
    await createTables(qr, [
      table(
        'audit',
        [
          id(),
          datetime('createdAt', { isNullable: false, default: 'CURRENT_TIMESTAMP' }),
          int('user_id'),
          string('user_name', 200),
          string('resource', 60, { isNullable: false }),
          int('record_id'),
          enumString('action', { isNullable: false }),
          json('changes'),
        ],
        [{ columns: ['resource', 'record_id'] }, { columns: ['user_id'] }, { columns: ['createdAt'] }],
      ),
    ]);
  }

  async down(qr: QueryRunner): Promise<void> {
    await dropTables(qr, ['audit']);
    for (const name of VERSIONED) await qr.dropColumn(name, 'version');
  }
}
