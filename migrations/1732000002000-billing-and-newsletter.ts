import { MigrationInterface, QueryRunner, TableForeignKey } from 'typeorm';
import {
  bool,
  createTables,
  date,
  datetime,
  dropTables,
  enumString,
  id,
  int,
  json,
  money,
  ref,
  string,
  table,
  text,
  timestamps,
  linkTable,
} from '../src/platform/database/schema';

const createdAt = () => datetime('createdAt', { isNullable: false, default: 'CURRENT_TIMESTAMP' });
const counter = (name: string) => int(name, { isNullable: false, default: 0 });

/** The category of a billing record and the id fields it may use (spec 002 §3). */
const categoryIds = (required = false) => [
  enumString('category', { isNullable: !required }),
  ref('veranstaltung_id', 'veranstaltung', 'SET NULL'),
  ref('wb_abo_id', 'wb_abo', 'SET NULL'),
  ref('wb_bundle_id', 'wb_bundle', 'SET NULL'),
  ref('warenkorb_id', 'warenkorb', 'SET NULL'),
];
const categoryIndices = () => [
  { columns: ['category', 'veranstaltung_id'] },
  { columns: ['category', 'wb_abo_id'] },
];

/**
 * Columns of the seminars/promotions tables (migration 1732000001000, which runs before this one)
 * that point at tables created here: their foreign keys are added at the end of `up`.
 */
const incomingReferences = [
  { table: 'veranstaltung_typ', column: 'rw_vorlage_id', target: 'rw_vorlage' },
  { table: 'veranstaltung_typ', column: 'rw_debitor_kreis_id', target: 'rw_debitor_kreis' },
  { table: 'veranstaltung_typ', column: 'verband_website_id', target: 'verband_website' },
  { table: 'wb_abo', column: 'rw_vorlage_id', target: 'rw_vorlage' },
  { table: 'wb_bundle', column: 'rw_vorlage_id', target: 'rw_vorlage' },
];

/** Billing (spec 002 §3, spec 003 §3) and newsletters with the web part (spec 002 §3, spec 003 §3). */
export class BillingAndNewsletter1732000002000 implements MigrationInterface {
  name = 'BillingAndNewsletter1732000002000';

  private readonly tables = [
    // Billing
    table('rw_kreis', [
      id(),
      string('titel', 255, { isNullable: false }),
      string('template', 100),
      counter('current_nr'),
      counter('offset_nr'),
      timestamps(),
    ]),
    table('rw_debitor_kreis', [
      id(),
      string('titel', 255, { isNullable: false }),
      string('template', 100),
      counter('current_nr'),
      counter('offset_nr'),
      timestamps(),
    ]),
    table('rw_vorlage', [
      id(),
      string('titel', 255, { isNullable: false }),
      ref('rw_kreis_id', 'rw_kreis', 'SET NULL'),
      string('datei'),
      string('storno_datei'),
      timestamps(),
    ]),
    table('rw_text', [
      id(),
      string('titel', 255, { isNullable: false }),
      text('beschreibung'),
      text('text'),
      timestamps(),
    ]),
    table(
      'rw_abrechnung',
      [id(), ...categoryIds(), json('data'), timestamps()],
      [...categoryIndices(), { columns: ['createdAt'] }],
    ),
    table('rw_abrechnung_log', [
      id(),
      ref('rw_abrechnung_id', 'rw_abrechnung', 'CASCADE', { isNullable: false }),
      string('type', 40, { isNullable: false }),
      string('admin_name'),
      createdAt(),
    ]),
    table(
      'rw_rechnung',
      [
        id(),
        string('rechnungs_nr', 50, { isNullable: false }),
        money('betrag'),
        money('netto'),
        money('mwst'),
        ref('storno_id', 'rw_rechnung', 'SET NULL'),
        ref('storno_parent_id', 'rw_rechnung', 'SET NULL'),
        enumString('bezahloption_typ'),
        enumString('storno_bezahloption_typ'),
        ref('storno_benutzer_konto_id', 'benutzer_konto', 'SET NULL'),
        ref('rw_abrechnung_id', 'rw_abrechnung', 'SET NULL'),
        // Issued invoices keep their circle: a circle with invoices cannot be deleted.
        ref('rw_kreis_id', 'rw_kreis', 'RESTRICT'),
        ref('benutzer_id', 'benutzer', 'SET NULL'),
        ...categoryIds(),
        json('data'),
        timestamps(),
      ],
      [{ columns: ['rechnungs_nr'], unique: true }, ...categoryIndices(), { columns: ['createdAt'] }],
    ),
    table(
      'rw_transaction',
      [
        id(),
        ref('first_id', 'rw_transaction', 'SET NULL'),
        ref('child_id', 'rw_transaction', 'SET NULL'),
        money('betrag'),
        bool('verifiziert'),
        bool('storno'),
        bool('locked'),
        ref('rw_rechnung_id', 'rw_rechnung', 'SET NULL'),
        ref('benutzer_id', 'benutzer', 'SET NULL'),
        ref('teilnehmer_id', 'benutzer', 'SET NULL'),
        ...categoryIds(true),
        ref('veranstaltung_event_id', 'veranstaltung_event', 'SET NULL'),
        ref('wb_abo_turnus_id', 'wb_abo_turnus', 'SET NULL'),
        ref('wb_abo_buchung_id', 'wb_abo_buchung', 'SET NULL'),
        ref('produkt_id', 'produkt', 'SET NULL'),
        string('buchung_typ', 40),
        datetime('buchung_time'),
        string('titel'),
        text('teilnehmer'),
        json('data'),
        timestamps(),
      ],
      [...categoryIndices(), { columns: ['createdAt'] }, { columns: ['buchung_time'] }],
    ),
    table(
      'rw_bezahloption',
      [
        id(),
        ref('benutzer_id', 'benutzer', 'CASCADE', { isNullable: false }),
        ...categoryIds(true),
        enumString('typ'),
        ref('benutzer_adresse_id', 'benutzer_adresse', 'SET NULL'),
        ref('benutzer_konto_id', 'benutzer_konto', 'SET NULL'),
        enumString('neg_typ'),
        ref('neg_benutzer_konto_id', 'benutzer_konto', 'SET NULL'),
        bool('skript_per_post'),
        timestamps(),
      ],
      categoryIndices(),
    ),
    table(
      'gastanmeldung',
      [
        id(),
        string('vorname', 100),
        string('nachname', 100),
        string('firma'),
        string('email'),
        ref('veranstaltung_id', 'veranstaltung', 'SET NULL'),
        ref('veranstaltung_event_id', 'veranstaltung_event', 'SET NULL'),
        ref('benutzer_id', 'benutzer', 'SET NULL'),
        json('data'),
        string('status', 20, { isNullable: false, default: "'offen'" }),
        timestamps(),
      ],
      [{ columns: ['status'] }, { columns: ['createdAt'] }],
    ),

    // Newsletter and web
    table('newsletter_absender', [
      id(),
      string('name', 255, { isNullable: false }),
      string('email', 255, { isNullable: false }),
      string('reply_to'),
      timestamps(),
    ]),
    table('verband_website', [
      id(),
      string('website', 255, { isNullable: false }),
      text('sonstiges'),
      ref('newsletter_absender_id', 'newsletter_absender', 'SET NULL'),
      json('data'),
      timestamps(),
    ]),
    table(
      'news',
      [
        id(),
        string('typ', 40, { isNullable: false, default: "'News'" }),
        string('titel', 255, { isNullable: false }),
        bool('aktiv', true),
        date('von'),
        date('bis'),
        ref('verband_website_id', 'verband_website', 'SET NULL'),
        json('data'),
        timestamps(),
      ],
      [{ columns: ['von'] }],
    ),
    table('newsletter_vorlagen', [
      id(),
      string('titel', 255, { isNullable: false }),
      text('beschreibung'),
      string('vorlage'),
      ref('veranstaltung_typ_id', 'veranstaltung_typ', 'SET NULL'),
      bool('automatik'),
      string('auto_typ', 20),
      json('json_content_scheme'),
      string('external_data_type', 40),
      json('data'),
      timestamps(),
    ]),
    table(
      'newsletter',
      [
        id(),
        string('titel', 255, { isNullable: false }),
        ref('newsletter_absender_id', 'newsletter_absender', 'SET NULL'),
        string('betreff'),
        ref('veranstaltung_id', 'veranstaltung', 'SET NULL'),
        ref('veranstaltung_event_id', 'veranstaltung_event', 'SET NULL'),
        ref('newsletter_vorlagen_id', 'newsletter_vorlagen', 'SET NULL'),
        string('bearbeitungsstatus', 40, { isNullable: false, default: "'offen'" }),
        date('manual_versanddatum'),
        string('manual_versanduhrzeit', 8),
        bool('allow_duplicate_email'),
        bool('freigabe'),
        bool('auto_newsletter'),
        json('json_content'),
        text('body'),
        timestamps(),
      ],
      [{ columns: ['createdAt'] }],
    ),
    linkTable(
      'newsletter_benutzer_gruppe',
      ['newsletter_id', 'newsletter'],
      ['benutzer_gruppe_id', 'benutzer_gruppe'],
    ),
    linkTable(
      'newsletter_ausschluss_gruppe',
      ['newsletter_id', 'newsletter'],
      ['benutzer_gruppe_id', 'benutzer_gruppe'],
    ),
    table(
      'newsletter_dispatcher',
      [
        id(),
        ref('newsletter_id', 'newsletter', 'CASCADE', { isNullable: false }),
        datetime('versand_time'),
        bool('versendet'),
        datetime('versendet_time'),
        bool('auto_dispatcher'),
        text('error'),
        text('info'),
        string('typ', 40),
        json('typ_data'),
        counter('total'),
        counter('sent'),
        counter('failed'),
        timestamps(),
      ],
      [{ columns: ['versendet', 'versand_time'] }],
    ),
    table(
      'newsletter_versand',
      [
        id(),
        ref('newsletter_dispatcher_id', 'newsletter_dispatcher', 'CASCADE', { isNullable: false }),
        ref('newsletter_id', 'newsletter', 'CASCADE'),
        ref('benutzer_id', 'benutzer', 'SET NULL'),
        ref('benutzer_email_id', 'benutzer_email', 'SET NULL'),
        string('email', 255, { isNullable: false }),
        bool('versandflag'),
        date('versanddatum'),
        string('versanduhrzeit', 8),
        string('status', 40),
        timestamps(),
      ],
      // At most once per dispatch and address (DESIGN.md §4).
      [{ columns: ['newsletter_dispatcher_id', 'email'], unique: true }, { columns: ['email'] }],
    ),
    table(
      'statistik_newsletter',
      [
        id(),
        date('datum', { isNullable: false }),
        string('uhrzeit', 8),
        ref('newsletter_id', 'newsletter', 'SET NULL'),
        ref('dispatcher_id', 'newsletter_dispatcher', 'SET NULL'),
        ref('benutzer_id', 'benutzer', 'SET NULL'),
        text('link'),
        text('url'),
        createdAt(),
      ],
      [{ columns: ['datum'] }],
    ),
  ];

  async up(qr: QueryRunner): Promise<void> {
    await createTables(qr, this.tables);
    // On SQLite TypeORM rebuilds the referencing table for this (foreign keys are off while
    // migrations run, so existing rows are kept as they are); MySQL adds it with ALTER TABLE.
    for (const r of incomingReferences) {
      await qr.createForeignKey(
        r.table,
        new TableForeignKey({
          name: `FK_${r.table}_${r.column}`.slice(0, 64),
          columnNames: [r.column],
          referencedTableName: r.target,
          referencedColumnNames: ['id'],
          onDelete: 'SET NULL',
        }),
      );
    }
  }

  async down(qr: QueryRunner): Promise<void> {
    for (const r of [...incomingReferences].reverse()) {
      const referencing = await qr.getTable(r.table);
      const foreignKey = referencing?.foreignKeys.find(
        (fk) => fk.columnNames[0] === r.column && fk.referencedTableName.endsWith(r.target),
      );
      if (referencing && foreignKey) await qr.dropForeignKey(referencing, foreignKey);
    }
    await dropTables(
      qr,
      this.tables.map((t) => t.name),
    );
  }
}
