import { MigrationInterface, QueryRunner } from 'typeorm';
import { addColumns, createIndices, dropIndices, int, TableSpec } from '../src/platform/database/schema';

type Indices = TableSpec['indices'];

/** The category + id field pairs the first billing migration did not index (spec 002 §3). */
const categoryIndices: Indices = [
  { columns: ['category', 'wb_bundle_id'] },
  { columns: ['category', 'warenkorb_id'] },
];

/**
 * Issue 16: an index for every column the client sorts or filters the big lists by that the
 * earlier migrations left without one (they already index sortname, nachname, kennnummer,
 * createdAt of the main lists, every `ref()` column, category + veranstaltung_id / wb_abo_id,
 * rechnungs_nr and buchung_time), and the session's user, so that taking a staff user's access
 * away can end the user's sessions.
 */
const indices: Record<string, Indices> = {
  benutzer: [
    // Sortable columns of the Benutzer list (spec 003 §3) and the auto-group rule on the occupation.
    { columns: ['firma'] },
    { columns: ['vorname'] },
    { columns: ['anzeigename'] },
    { columns: ['berufsbezeichnung'] },
    // A Benutzer's own contact rows (no constraint, see docs/architecture.md): includes and merges.
    { columns: ['re_email_id'] },
    { columns: ['re_adresse_id'] },
    { columns: ['re_konto_id'] },
    { columns: ['mi_adresse_id'] },
    { columns: ['mi_konto_id'] },
  ],
  benutzer_email: [{ columns: ['createdAt'] }],
  benutzer_gruppe: [{ columns: ['veranstaltung_event_id'] }],
  newsletter_versand: [{ columns: ['createdAt'] }],
  // 'Aktuelle Vorgänge': current (child_id null), not cancelled, booked since …; counted from the index.
  rw_transaction: [{ columns: ['child_id', 'storno', 'buchung_time'] }, ...categoryIndices],
  rw_rechnung: categoryIndices,
  rw_abrechnung: categoryIndices,
  rw_bezahloption: categoryIndices,
  session: [{ columns: ['user_id'] }],
};

export class ListIndexesAndSessionUsers1732000016000 implements MigrationInterface {
  name = 'ListIndexesAndSessionUsers1732000016000';

  async up(qr: QueryRunner): Promise<void> {
    await addColumns(qr, 'session', [int('user_id')]);
    for (const [table, list] of Object.entries(indices)) await createIndices(qr, table, list);
  }

  async down(qr: QueryRunner): Promise<void> {
    for (const [table, list] of Object.entries(indices)) await dropIndices(qr, table, list);
    await qr.dropColumn('session', 'user_id');
  }
}
