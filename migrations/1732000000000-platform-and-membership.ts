import { MigrationInterface, QueryRunner } from 'typeorm';
import {
  bool,
  createTables,
  date,
  datetime,
  dropTables,
  id,
  int,
  json,
  ref,
  string,
  table,
  text,
  timestamps,
} from '../src/platform/database/schema';

/** Sessions, login throttling, and the membership core of spec 000 §3 and spec 001 §3. */
export class PlatformAndMembership1732000000000 implements MigrationInterface {
  name = 'PlatformAndMembership1732000000000';

  private readonly tables = [
    table(
      'session',
      [string('sid', 128, { isPrimary: true, isNullable: false }), datetime('expires'), text('sess')],
      [{ columns: ['expires'] }],
    ),
    table(
      'login_attempt',
      [id(), string('login', 255, { isNullable: false }), datetime('createdAt')],
      [{ columns: ['login', 'createdAt'] }],
    ),
    table('verband_bezirk', [id(), int('bezirk_nummer', { isNullable: false }), string('bezirk_name')]),
    table(
      'benutzer',
      [
        id(),
        ref('parent_id', 'benutzer', 'SET NULL'),
        string('kennnummer', 50),
        string('vorname', 100),
        string('nachname', 100),
        string('firma'),
        string('gender', 10),
        string('titel', 50),
        string('anrede'),
        string('akad_grad', 100),
        string('berufsbezeichnung', 100),
        date('stb_datum'),
        string('tel1', 50),
        string('tel2', 50),
        string('benutzername', 100),
        string('password'),
        bool('aktiviert', true),
        int('primaeremail_id'),
        int('re_email_id'),
        int('re_adresse_id'),
        int('re_konto_id'),
        int('mi_adresse_id'),
        int('mi_konto_id'),
        ref('verband_bezirk_id', 'verband_bezirk', 'SET NULL'),
        date('kuendigung_datum'),
        bool('freigabe'),
        bool('atr_referent'),
        bool('atr_mitglied'),
        bool('atr_verband_mitarbeiter'),
        bool('atr_kein_newsletter'),
        json('data'),
        string('anzeigename'),
        string('ansprache'),
        string('sortname'),
        int('verband'),
        timestamps(),
      ],
      [
        { columns: ['kennnummer'] },
        { columns: ['benutzername'] },
        { columns: ['nachname'] },
        { columns: ['sortname'] },
        { columns: ['primaeremail_id'] },
        { columns: ['createdAt'] },
      ],
    ),
    table(
      'benutzer_email',
      [
        id(),
        ref('benutzer_id', 'benutzer', 'CASCADE', { isNullable: false }),
        string('email', 255, { isNullable: false }),
        timestamps(),
      ],
      [{ columns: ['email'] }],
    ),
    table('benutzer_adresse', [
      id(),
      ref('benutzer_id', 'benutzer', 'CASCADE', { isNullable: false }),
      string('bezeichnung'),
      string('zeile1'),
      string('zeile2'),
      string('zeile3'),
      string('zeile4'),
      string('zeile5'),
      string('zeile6'),
      string('strasse'),
      string('plz', 20),
      string('ort'),
      json('norm'),
      bool('intern'),
      bool('deaktiv'),
      timestamps(),
    ]),
    table('benutzer_konto', [
      id(),
      ref('benutzer_id', 'benutzer', 'CASCADE', { isNullable: false }),
      string('bezeichnung'),
      string('inhaber'),
      string('iban', 34),
      string('bic', 11),
      string('bank'),
      string('sepa_referenz', 35),
      date('sepa_datum'),
      bool('deaktiv'),
      timestamps(),
    ]),
    table(
      'benutzer_gruppe',
      [
        id(),
        string('name', 255, { isNullable: false }),
        text('beschreibung'),
        string('typ', 40, { isNullable: false }),
        string('zuordnung', 20, { isNullable: false, default: "'alle'" }),
        bool('newsletter'),
        bool('verbandsintern', true),
        string('code', 100),
        int('veranstaltung_id'),
        int('veranstaltung_event_id'),
        date('gueltig_bis'),
        json('auto_berufsbezeichnungen'),
        ref('verband_bezirk_id', 'verband_bezirk', 'SET NULL'),
        string('nwg_thema'),
        string('bn_funktion'),
        string('bn_zuordnung'),
        json('data'),
        timestamps(),
      ],
      [{ columns: ['typ'] }, { columns: ['veranstaltung_id'] }, { columns: ['code'] }],
    ),
    table(
      'benutzer_benutzer_gruppe',
      [
        id(),
        ref('benutzer_gruppe_id', 'benutzer_gruppe', 'CASCADE', { isNullable: false }),
        ref('benutzer_id', 'benutzer', 'CASCADE', { isNullable: false }),
        datetime('createdAt', { isNullable: false, default: 'CURRENT_TIMESTAMP' }),
      ],
      [{ columns: ['benutzer_gruppe_id', 'benutzer_id'], unique: true }, { columns: ['benutzer_id'] }],
    ),
    table(
      'benutzer_email_gruppe',
      [
        id(),
        ref('benutzer_gruppe_id', 'benutzer_gruppe', 'CASCADE', { isNullable: false }),
        ref('benutzer_email_id', 'benutzer_email', 'CASCADE', { isNullable: false }),
        datetime('createdAt', { isNullable: false, default: 'CURRENT_TIMESTAMP' }),
      ],
      [
        { columns: ['benutzer_gruppe_id', 'benutzer_email_id'], unique: true },
        { columns: ['benutzer_email_id'] },
      ],
    ),
  ];

  async up(qr: QueryRunner): Promise<void> {
    await createTables(qr, this.tables);
  }

  async down(qr: QueryRunner): Promise<void> {
    await dropTables(
      qr,
      this.tables.map((t) => t.name),
    );
  }
}
