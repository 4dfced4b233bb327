import { AUTO_REGELN } from '../../../common/gruppen';
import { ungueltigeEingabe } from '../../shared/domain-error.testing';
import { auswahl, NEWSLETTER_EMPFAENGER, regelFehler, type RegelGruppe } from './auto-regeln';

const HEUTE = '2026-11-15';
const AKTIV = '(b.aktiviert = ?) AND ';
const MITGLIED_ARBEITGEBER =
  'EXISTS (SELECT 1 FROM benutzer p WHERE p.id = b.parent_id AND p.atr_mitglied = ?)';

describe('the SQL selection of each automatic rule', () => {
  const cases: [RegelGruppe, string, unknown[]][] = [
    [{ code: 'auto_mitglieder' }, '(b.atr_mitglied = ?)', [true]],
    [{ code: 'auto_mitglieder_alle' }, `((b.atr_mitglied = ?) OR (${MITGLIED_ARBEITGEBER}))`, [true, true]],
    [{ code: 'auto_mitglieder_mitarbeiter' }, `(${MITGLIED_ARBEITGEBER})`, [true]],
    [{ code: 'auto_nichtmitglieder' }, '((b.atr_mitglied = ?) AND (b.parent_id IS NULL))', [false]],
    [
      { code: 'auto_nichtmitglieder_alle' },
      `(((b.atr_mitglied = ?) AND (b.parent_id IS NULL)) OR (${MITGLIED_ARBEITGEBER}))`,
      [false, false],
    ],
    [{ code: 'auto_nichtmitglieder_mitarbeiter' }, `(${MITGLIED_ARBEITGEBER})`, [false]],
    [{ code: 'auto_maennlich' }, '(b.gender = ?)', ['male']],
    [{ code: 'auto_weiblich' }, '(b.gender = ?)', ['female']],
    [{ code: 'auto_geschlecht_ohne' }, '(b.gender IS NULL)', []],
    [
      { code: 'auto_bezirk', verband_bezirk_id: 3 },
      '((b.atr_mitglied = ?) AND (b.verband_bezirk_id = ?))',
      [true, 3],
    ],
    [{ code: 'auto_verbandsmitarbeiter' }, '(b.atr_verband_mitarbeiter = ?)', [true]],
    [{ code: 'auto_referenten' }, '(b.atr_referent = ?)', [true]],
    [
      { code: 'auto_berufsbezeichnung', auto_berufsbezeichnungen: ['StB/StBin', 'WP/WPin', 'StB/StBin'] },
      '(b.berufsbezeichnung IN (?, ?))',
      ['StB/StBin', 'WP/WPin'],
    ],
    [{ code: 'auto_stb_neuzugelassen' }, '(b.stb_datum >= ? AND b.stb_datum <= ?)', ['2026-05-15', HEUTE]],
    [
      { code: 'auto_stb_neuzugelassen_mitglieder' },
      '((b.stb_datum >= ? AND b.stb_datum <= ?) AND (b.atr_mitglied = ?))',
      ['2026-05-15', HEUTE, true],
    ],
    [
      { code: 'auto_stb_neuzugelassen_nichtmitglieder' },
      '((b.stb_datum >= ? AND b.stb_datum <= ?) AND (b.atr_mitglied = ?))',
      ['2026-05-15', HEUTE, false],
    ],
    [
      { code: 'auto_stb_neuzugelassen_pro_jahr', data: { auto_stb_neuzugelassen_jahr: 2024 } },
      '(b.stb_datum >= ? AND b.stb_datum < ?)',
      ['2024-01-01', '2025-01-01'],
    ],
    [{ code: 'auto_kein_newsletter' }, '(b.atr_kein_newsletter = ?)', [true]],
    [
      { code: 'auto_abo_storno', data: { auto_abo_storno_stichwort: ' Steuer_Brief 100% ' } },
      "(EXISTS (SELECT 1 FROM wb_abo_buchung ab JOIN wb_abo a ON a.id = ab.wb_abo_id WHERE ab.benutzer_id = b.id AND ab.storno_datum IS NOT NULL AND LOWER(a.titel) LIKE ? ESCAPE '!'))",
      ['%steuer!_brief 100!%%'],
    ],
    [
      {
        code: 'auto_abo_storno',
        data: {
          auto_abo_storno_stichwort: 'Praxis',
          auto_abo_storno_date_von: '2026-01-01',
          auto_abo_storno_date_bis: '2026-06-30',
        },
      },
      "(EXISTS (SELECT 1 FROM wb_abo_buchung ab JOIN wb_abo a ON a.id = ab.wb_abo_id WHERE ab.benutzer_id = b.id AND ab.storno_datum IS NOT NULL AND LOWER(a.titel) LIKE ? ESCAPE '!' AND ab.storno_datum >= ? AND ab.storno_datum <= ?))",
      ['%praxis%', '2026-01-01', '2026-06-30'],
    ],
  ];

  it.each(cases)('%j', (gruppe, sql, params) => {
    expect(auswahl(gruppe, HEUTE)).toEqual({ sql: `${AKTIV}${sql}`, params: [true, ...params] });
  });

  it('has a case above for every rule of the constants table', () => {
    expect(new Set(cases.map(([g]) => g.code))).toEqual(new Set(AUTO_REGELN.map((r) => r.code)));
  });
});

describe('the newsletter recipients of spec 001 §7', () => {
  it('are members who did not opt out and whose primary e-mail exists', () => {
    expect(NEWSLETTER_EMPFAENGER).toEqual({
      sql: '(b.atr_mitglied = ?) AND (b.atr_kein_newsletter = ?) AND (EXISTS (SELECT 1 FROM benutzer_email e WHERE e.id = b.primaeremail_id))',
      params: [true, false],
    });
  });
});

describe('what a rule needs before it can run', () => {
  const cases: [RegelGruppe, Record<string, string>][] = [
    [{ code: null }, { code: 'ist bei Auto-Gruppen ein Pflichtfeld' }],
    [{ code: 'auto_gibt_es_nicht' }, { code: 'ist unbekannt („auto_gibt_es_nicht“)' }],
    [{ code: 'auto_mitglieder' }, {}],
    [{ code: 'auto_bezirk' }, { verband_bezirk_id: 'ist für Bezirksmitglieder ein Pflichtfeld' }],
    [{ code: 'auto_bezirk', verband_bezirk_id: 2 }, {}],
    [
      { code: 'auto_berufsbezeichnung', auto_berufsbezeichnungen: [] },
      { auto_berufsbezeichnungen: 'braucht mindestens eine Berufsbezeichnung' },
    ],
    [
      { code: 'auto_berufsbezeichnung', auto_berufsbezeichnungen: ['StB/StBin', ' '] },
      { auto_berufsbezeichnungen: 'braucht mindestens eine Berufsbezeichnung' },
    ],
    [{ code: 'auto_berufsbezeichnung', auto_berufsbezeichnungen: ['RA/RAin'] }, {}],
    [
      { code: 'auto_stb_neuzugelassen_pro_jahr', data: {} },
      { 'data.auto_stb_neuzugelassen_jahr': 'muss eine vierstellige Jahreszahl sein' },
    ],
    [
      { code: 'auto_stb_neuzugelassen_pro_jahr', data: { auto_stb_neuzugelassen_jahr: 26 } },
      { 'data.auto_stb_neuzugelassen_jahr': 'muss eine vierstellige Jahreszahl sein' },
    ],
    [{ code: 'auto_stb_neuzugelassen_pro_jahr', data: { auto_stb_neuzugelassen_jahr: 2026 } }, {}],
    [
      { code: 'auto_abo_storno', data: { auto_abo_storno_stichwort: '  ' } },
      { 'data.auto_abo_storno_stichwort': 'ist für Abo-Kündigungen ein Pflichtfeld' },
    ],
    [
      {
        code: 'auto_abo_storno',
        data: {
          auto_abo_storno_stichwort: 'Abo',
          auto_abo_storno_date_von: '2026-13-01',
          auto_abo_storno_date_bis: '2026-02-31',
        },
      },
      {
        'data.auto_abo_storno_date_von': 'ist kein gültiges Datum',
        'data.auto_abo_storno_date_bis': 'ist kein gültiges Datum',
      },
    ],
    [
      {
        code: 'auto_abo_storno',
        data: {
          auto_abo_storno_stichwort: 'Abo',
          auto_abo_storno_date_von: '2026-06-01',
          auto_abo_storno_date_bis: '2026-05-31',
        },
      },
      { 'data.auto_abo_storno_date_bis': 'liegt vor dem Beginn des Zeitraums' },
    ],
  ];

  it.each(cases)('%j → %j', (gruppe, fehler) => {
    expect(regelFehler(gruppe)).toEqual(fehler);
  });

  it('refuses to select for a rule that cannot run, naming the field in German', () => {
    expect(ungueltigeEingabe(() => auswahl({ code: 'auto_bezirk' }, HEUTE))).toBe(
      'Bitte prüfen Sie die Eingaben: „Bezirk“ ist für Bezirksmitglieder ein Pflichtfeld.',
    );
  });
});
