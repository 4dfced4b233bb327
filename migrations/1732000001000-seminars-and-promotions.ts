import { MigrationInterface, QueryRunner } from 'typeorm';
import {
  bool,
  createTables,
  date,
  datetime,
  decimal,
  dropTables,
  id,
  int,
  json,
  money,
  ref,
  string,
  table,
  TableSpec,
  text,
  timestamps,
  linkTable,
} from '../src/platform/database/schema';

/** The six price tiers with descriptions and the additional description (spec 001 §3, §9). */
const preise = () => [
  ...[1, 2, 3, 4, 5, 6].map((n) => money(`preis${n}`)),
  ...[1, 2, 3, 4, 5, 6].map((n) => string(`preis${n}_beschreibung`)),
  text('zusatz_beschreibung'),
];

const required = { isNullable: false };
const titel = () => [
  string('titel', 255, required),
  string('titel_frontend'),
  string('titel_warenkorb'),
  string('titel_rechnung'),
  text('beschreibung'),
  text('teilnahmebedingungen'),
];

/**
 * The seminars context (spec 001 §3, 002 §3) and the promotions context (spec 003 §3, 002 §3, §9).
 * rw_vorlage_id, rw_debitor_kreis_id and verband_website_id are plain indexed columns here: their
 * tables come with the billing and newsletter migrations, which add those foreign keys.
 */
export const seminarsTables: TableSpec[] = [
  // ── seminars: lookups ──────────────────────────────────────────────────────────────────────
  table(
    'veranstaltung_typ',
    [
      id(),
      string('bezeichnung', 255, required),
      string('kategorie', 100),
      text('beschreibung'),
      int('verband_website_id'),
      string('url', 500),
      string('urlmenue'),
      bool('ringseminar'),
      bool('multitermin'),
      decimal('mwst', 5, 2, { isNullable: false, default: 19 }),
      int('rw_vorlage_id'),
      int('rw_debitor_kreis_id'),
      timestamps(),
    ],
    [
      { columns: ['verband_website_id'] },
      { columns: ['rw_vorlage_id'] },
      { columns: ['rw_debitor_kreis_id'] },
    ],
  ),
  table(
    'veranstaltung_referent',
    [
      id(),
      string('kennnummer', 50),
      string('titel', 50),
      string('berufsbezeichnung'),
      string('vorname', 100),
      string('nachname', 100, required),
      string('arbeitsstaette'),
      string('anrede_name'),
      timestamps(),
    ],
    [{ columns: ['nachname'] }, { columns: ['kennnummer'] }],
  ),
  table('veranstaltung_ort', [
    id(),
    string('raum_id', 50),
    string('bezeichnung', 255, required),
    string('strasse'),
    string('plz', 20),
    string('ort'),
    timestamps(),
  ]),
  table('preisbezeichnung', [id(), string('titel', 255, required)]),
  table('storno_option', [
    id(),
    string('titel', 255, required),
    money('betrag', { isNullable: false, default: 0 }),
    int('hours_to'),
    string('titel_rechnung'),
  ]),
  table('fachberatermarke', [id(), string('bezeichnung', 255, required), string('kennzeichen', 50)]),

  // ── seminars ───────────────────────────────────────────────────────────────────────────────
  table(
    'veranstaltung',
    [
      id(),
      // A type in use cannot go: its VAT, invoice template and debtor circle belong to the seminars' history.
      ref('veranstaltung_typ_id', 'veranstaltung_typ', 'RESTRICT'),
      string('lg_id', 50),
      string('titel', 255, required),
      text('beschreibung'),
      string('variant', 40),
      datetime('beginn'),
      datetime('ende'),
      date('anmeldeschluss'),
      bool('ringseminar'),
      bool('nicht_gesamt_buchbar'),
      text('teilnahmebedingungen'),
      bool('ausgebucht'),
      string('link_extern', 500),
      bool('fachberater'),
      bool('bezirk'),
      ref('fachberatermarke_id', 'fachberatermarke', 'SET NULL'),
      decimal('fachberater_stunden', 6, 2, { isNullable: false, default: 0 }),
      decimal('fortbildungspass_stunden', 6, 2, { isNullable: false, default: 0 }),
      bool('freigabe'),
      bool('freigabe_teilnahme_bescheinigung'),
      decimal('mwst', 5, 2, { isNullable: false, default: 0 }),
      int('debitor'),
      preise(),
      bool('atr_in_seminaruebersicht', true),
      int('teilnehmer_count', { isNullable: false, default: 0 }),
      json('data'),
      timestamps(),
    ],
    [{ columns: ['beginn'] }, { columns: ['lg_id'] }, { columns: ['createdAt'] }],
  ),
  table('veranstaltung_inhalt', [
    id(),
    ref('veranstaltung_id', 'veranstaltung', 'CASCADE'),
    bool('isKorpus'),
    string('titel', 255, required),
    text('einfuehrung'),
    text('themenuebersicht'),
    timestamps(),
  ]),
  table(
    'veranstaltung_event',
    [
      id(),
      ref('veranstaltung_id', 'veranstaltung', 'CASCADE', required),
      string('lg_id', 50),
      ref('veranstaltung_inhalt_id', 'veranstaltung_inhalt', 'SET NULL'),
      string('titel'),
      bool('einzeln_buchbar'),
      date('datum'),
      string('beginn', 5),
      string('ende', 5),
      ref('veranstaltung_ort_id', 'veranstaltung_ort', 'SET NULL'),
      text('sonstiges'),
      int('platzzahl'),
      ref('fachberatermarke_id', 'fachberatermarke', 'SET NULL'),
      decimal('fachberater_stunden', 6, 2, { isNullable: false, default: 0 }),
      decimal('fortbildungspass_stunden', 6, 2, { isNullable: false, default: 0 }),
      date('anmeldeschluss'),
      bool('ausgebucht'),
      preise(),
      int('teilnehmer_count', { isNullable: false, default: 0 }),
      json('data'),
      json('kosten'),
      timestamps(),
    ],
    [
      { columns: ['veranstaltung_id', 'datum'] },
      { columns: ['datum'] },
      { columns: ['lg_id'] },
      { columns: ['createdAt'] },
    ],
  ),
  linkTable(
    'veranstaltung_storno_option',
    ['veranstaltung_id', 'veranstaltung'],
    ['storno_option_id', 'storno_option'],
  ),
  linkTable(
    'veranstaltung_event_referent',
    ['veranstaltung_event_id', 'veranstaltung_event'],
    ['veranstaltung_referent_id', 'veranstaltung_referent'],
  ),
  linkTable(
    'veranstaltung_event_storno_option',
    ['veranstaltung_event_id', 'veranstaltung_event'],
    ['storno_option_id', 'storno_option'],
  ),
  table(
    'veranstaltung_nicht_teilnahme',
    [
      id(),
      ref('benutzer_id', 'benutzer', 'CASCADE', required),
      ref('veranstaltung_id', 'veranstaltung', 'CASCADE', required),
      ref('veranstaltung_event_id', 'veranstaltung_event', 'CASCADE'),
      datetime('createdAt', { isNullable: false, default: 'CURRENT_TIMESTAMP' }),
    ],
    [{ columns: ['veranstaltung_id', 'benutzer_id'] }],
  ),

  // ── seminars: files and templates ──────────────────────────────────────────────────────────
  table(
    'download',
    [
      id(),
      string('real_name'),
      string('title'),
      string('file_name', 255, required),
      string('relation', 40),
      int('relation_id'),
      string('category', 40),
      int('size'),
      bool('public', true),
      string('ext', 20),
      timestamps(),
    ],
    [
      { columns: ['file_name'], unique: true },
      { columns: ['relation', 'relation_id'] },
      { columns: ['createdAt'] },
    ],
  ),
  table('pdf_vorlage', [
    id(),
    string('titel', 255, required),
    string('typ', 100),
    string('template_file'),
    json('data'),
    timestamps(),
  ]),
  table('bescheinigung', [
    id(),
    string('titel', 255, required),
    string('typ', 40, { isNullable: false, default: "'eventSpan_teilnehmer'" }),
    string('template_file'),
    bool('aktiv', true),
    date('valid_from'),
    date('valid_to'),
    json('data'),
    timestamps(),
  ]),
];

export const promotionsTables: TableSpec[] = [
  // ── promotions: discounts and vouchers ─────────────────────────────────────────────────────
  table('wb_rabatt', [
    id(),
    titel(),
    bool('aktiv', true),
    string('typ', 40, { isNullable: false, default: "'full'" }),
    money('wert', { isNullable: false, default: 0 }),
    money('minPreis'),
    int('maxTeilnehmerBuchungen', { isNullable: false, default: 0 }),
    int('maxSeminarBuchungen', { isNullable: false, default: 0 }),
    int('jederXte', { isNullable: false, default: 0 }),
    date('gueltigVon'),
    date('gueltigBis'),
    bool('gueltigSeminarbezogen'),
    int('gueltigVonTageVorSeminar', { isNullable: false, default: 90 }),
    int('gueltigBisTageVorSeminar', { isNullable: false, default: 20 }),
    string('seminarAuswahlTyp', 40, { isNullable: false, default: "'alle'" }),
    date('seminareVon'),
    date('seminareBis'),
    string('benutzerAuswahlTyp', 40, { isNullable: false, default: "'alle'" }),
    timestamps(),
  ]),
  linkTable('wb_rabatt_veranstaltung', ['wb_rabatt_id', 'wb_rabatt'], ['veranstaltung_id', 'veranstaltung']),
  linkTable(
    'wb_rabatt_veranstaltung_typ',
    ['wb_rabatt_id', 'wb_rabatt'],
    ['veranstaltung_typ_id', 'veranstaltung_typ'],
  ),
  linkTable(
    'wb_rabatt_benutzer_gruppe',
    ['wb_rabatt_id', 'wb_rabatt'],
    ['benutzer_gruppe_id', 'benutzer_gruppe'],
  ),
  table(
    'wb_voucher',
    [
      id(),
      string('code', 10, required),
      string('titel'),
      string('relation', 40),
      int('relation_id'),
      string('typ', 40, { isNullable: false, default: "'full'" }),
      money('wert', { isNullable: false, default: 0 }),
      bool('valid', true),
      timestamps(),
    ],
    [
      { columns: ['code'], unique: true },
      { columns: ['relation', 'relation_id'] },
      { columns: ['createdAt'] },
    ],
  ),

  // ── promotions: Abos ───────────────────────────────────────────────────────────────────────
  table(
    'wb_abo',
    [
      id(),
      titel(),
      int('rw_vorlage_id'),
      bool('aktiv', true),
      bool('auslaufen_lassen'),
      string('turnustyp', 40, { isNullable: false, default: "'jaehrlich'" }),
      int('stichtag', { isNullable: false, default: 1 }),
      int('stichmonat', { default: 1 }),
      int('turn_offset_days', { isNullable: false, default: 0 }),
      int('abrechnungsintervall', { isNullable: false, default: 1 }),
      bool('instant_storno'),
      bool('dyn_kuend_frist'),
      string('benutzerAuswahlTyp', 40, { isNullable: false, default: "'alle'" }),
      timestamps(),
    ],
    [{ columns: ['rw_vorlage_id'] }],
  ),
  linkTable('wb_abo_benutzer_gruppe', ['wb_abo_id', 'wb_abo'], ['benutzer_gruppe_id', 'benutzer_gruppe']),
  table(
    'wb_abo_turnus',
    [
      id(),
      ref('wb_abo_id', 'wb_abo', 'CASCADE', required),
      date('von', required),
      date('bis'),
      money('preis', { isNullable: false, default: 100 }),
      decimal('mwst', 5, 2),
      int('preisgarantie', { isNullable: false, default: 1 }),
      int('verlaengerung', { isNullable: false, default: 1 }),
      int('kuendigungsfrist', { isNullable: false, default: 14 }),
      bool('pause'),
      timestamps(),
    ],
    [{ columns: ['wb_abo_id', 'von'] }, { columns: ['von'] }],
  ),
  linkTable(
    'wb_abo_turnus_veranstaltung',
    ['wb_abo_turnus_id', 'wb_abo_turnus'],
    ['veranstaltung_id', 'veranstaltung'],
  ),
  linkTable(
    'wb_abo_turnus_event',
    ['wb_abo_turnus_id', 'wb_abo_turnus'],
    ['veranstaltung_event_id', 'veranstaltung_event'],
  ),
  table(
    'wb_abo_buchung',
    [
      id(),
      // Bookings are billing history: their member, Abo and periods cannot be deleted under them.
      ref('benutzer_id', 'benutzer', 'RESTRICT', required),
      ref('teilnehmer_id', 'benutzer', 'SET NULL'),
      ref('wb_abo_id', 'wb_abo', 'RESTRICT', required),
      ref('first_turnus_id', 'wb_abo_turnus', 'RESTRICT', required),
      ref('last_turnus_id', 'wb_abo_turnus', 'RESTRICT'),
      date('storno_valid_from'),
      date('storno_datum'),
      text('teilnehmer'),
      timestamps(),
    ],
    [{ columns: ['storno_valid_from'] }, { columns: ['createdAt'] }],
  ),

  // ── promotions: bundles, products, carts ───────────────────────────────────────────────────
  table(
    'wb_bundle',
    [
      id(),
      titel(),
      int('rw_vorlage_id'),
      money('preis', { isNullable: false, default: 500 }),
      bool('is_netto'),
      decimal('mwst', 5, 2),
      string('benutzerAuswahlTyp', 40, { isNullable: false, default: "'alle'" }),
      timestamps(),
    ],
    [{ columns: ['rw_vorlage_id'] }],
  ),
  linkTable(
    'wb_bundle_veranstaltung_event',
    ['wb_bundle_id', 'wb_bundle'],
    ['veranstaltung_event_id', 'veranstaltung_event'],
  ),
  linkTable(
    'wb_bundle_benutzer_gruppe',
    ['wb_bundle_id', 'wb_bundle'],
    ['benutzer_gruppe_id', 'benutzer_gruppe'],
  ),
  table('produkt', [
    id(),
    string('titel', 255, required),
    text('beschreibung'),
    money('preis', { isNullable: false, default: 20 }),
    bool('aktiv', true),
    timestamps(),
  ]),
  table(
    'warenkorb',
    [
      id(),
      // A bought cart is booking history (billing references it by warenkorb_id).
      ref('benutzer_id', 'benutzer', 'RESTRICT', required),
      datetime('gekauftAm'),
      json('data'),
      string('status', 40),
      timestamps(),
    ],
    [{ columns: ['gekauftAm'] }, { columns: ['createdAt'] }],
  ),
];

export const seminarsAndPromotionsTables = [...seminarsTables, ...promotionsTables];

export class SeminarsAndPromotions1732000001000 implements MigrationInterface {
  name = 'SeminarsAndPromotions1732000001000';

  async up(qr: QueryRunner): Promise<void> {
    await createTables(qr, seminarsAndPromotionsTables);
  }

  async down(qr: QueryRunner): Promise<void> {
    await dropTables(
      qr,
      seminarsAndPromotionsTables.map((t) => t.name),
    );
  }
}
