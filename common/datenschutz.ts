/**
 * The records of processing (Art. 30 DSGVO, issue 34): each category of personal data the back
 * office stores, its tables, purpose, readers, retention and legal ground. One list: docs/datenschutz.md
 * shows it as a table (test/integration/datenschutz-verzeichnis.test.ts compares them) and the cover
 * letter of a Datenauskunft (Art. 15 DSGVO) names the same categories, purposes and periods.
 */
export interface Verarbeitung {
  kategorie: string;
  /** The tables, as the records' Markdown cell names them (`name` in backticks). */
  tabellen: string;
  zweck: string;
  /** Who reads it inside the association. */
  wer: string;
  aufbewahrung: string;
  regel: string;
}

export const VERARBEITUNGEN: readonly Verarbeitung[] = [
  {
    kategorie: 'Stammdaten der Mitglieder, Kunden und Mitarbeiter',
    tabellen: '`benutzer`, `benutzer_adresse`, `benutzer_email`',
    zweck: 'Mitgliedschaft, Seminaranmeldung, Rechnungsstellung, Kontakt',
    wer: 'Mitarbeiter; Passwort-Hash niemand (nie ausgegeben), Zugangsrechte nur Admin',
    aufbewahrung:
      'bis zum Ende der Mitgliedschaft bzw. Geschäftsbeziehung, danach Löschung auf Wunsch; was Rechnungen enthalten, so lange wie diese',
    regel: 'Art. 6 Abs. 1 lit. b DSGVO (Mitgliedschaft, Vertrag)',
  },
  {
    kategorie: 'Bankverbindungen und Zahlungswege',
    tabellen: '`benutzer_konto`, `rw_bezahloption`',
    zweck: 'SEPA-Lastschrift und Erstattung',
    wer: 'Mitarbeiter (IBAN in Protokollen maskiert)',
    aufbewahrung:
      'solange das Mandat genutzt wird; Mandat 14 Monate nach der letzten Lastschrift; in Rechnungen und SEPA-Dateien so lange wie diese',
    regel: 'Art. 6 Abs. 1 lit. b DSGVO; SEPA-Regelwerk (EPC)',
  },
  {
    kategorie: 'Zugang zur Gehaltsumfrage',
    tabellen: '`benutzer` (Feld `data`)',
    zweck: 'Zugang der Mitglieder des Verbands 2 zur Gehaltsumfrage',
    wer: 'Mitarbeiter des Verbands 2; die Passwörter im Export nur Admin, jeder Export protokolliert',
    aufbewahrung: 'bis die Zugänge zurückgesetzt werden',
    regel: 'Art. 6 Abs. 1 lit. b DSGVO',
  },
  {
    kategorie: 'Gruppenzugehörigkeit',
    tabellen: '`benutzer_benutzer_gruppe`, `benutzer_email_gruppe`',
    zweck: 'Verteiler, Newsletter-Empfänger, Rabatt- und Abo-Berechtigung',
    wer: 'Mitarbeiter',
    aufbewahrung: 'bis zum Austritt aus der Gruppe oder zur Löschung',
    regel: 'Art. 6 Abs. 1 lit. b, f DSGVO',
  },
  {
    kategorie: 'Buchungen und Teilnahmen',
    tabellen:
      '`rw_transaction`, `warenkorb`, `wb_abo_buchung`, `veranstaltung_nicht_teilnahme`, `gastanmeldung`',
    zweck: 'Seminar-, Abo- und Produktbuchung, Teilnehmerlisten, Bescheinigungen',
    wer: 'Mitarbeiter',
    aufbewahrung:
      'gebuchte Vorgänge als Buchungsbelege 8 Jahre nach Ende des Kalenderjahres der Rechnung; Gastanmeldungen bis zur Übernahme oder Ablehnung',
    regel: 'Art. 6 Abs. 1 lit. b, c DSGVO; § 147 Abs. 1 Nr. 4, Abs. 3 AO',
  },
  {
    kategorie: 'Rechnungen, Stornos, Zahlungen',
    tabellen: '`rw_rechnung`, `rw_zahlung`, `rw_kontoauszug_posten`, `rw_abrechnung_log`',
    zweck: 'Rechnungsstellung, Zahlungsabgleich, Buchhaltung',
    wer: 'Mitarbeiter',
    aufbewahrung: '8 Jahre nach Ende des Kalenderjahres (Buchungsbelege), Kontoauszüge ebenso',
    regel: 'Art. 6 Abs. 1 lit. c DSGVO; § 147 Abs. 1 Nr. 4, Abs. 3 AO; § 14b Abs. 1 UStG',
  },
  {
    kategorie: 'Newsletter-Versand und Klicks',
    tabellen: '`newsletter_versand`, `statistik_newsletter`, `newsletter_sperre`',
    zweck: 'Versand, Abmeldung, Auswertung der Newsletter',
    wer: 'Mitarbeiter',
    aufbewahrung:
      'Versandprotokoll solange der Newsletter besteht; die Abmeldung dauerhaft, damit niemand erneut angeschrieben wird (nach einer Löschung auf Wunsch nur als Hash der Adresse)',
    regel: 'Art. 6 Abs. 1 lit. a DSGVO (Einwilligung), Art. 21 DSGVO; § 7 UWG',
  },
  {
    kategorie: 'Referenten',
    tabellen: '`veranstaltung_referent`',
    zweck: 'Seminarplanung, Einladungen',
    wer: 'Mitarbeiter',
    aufbewahrung: 'solange der Referent Seminare hält oder Seminare mit ihm dokumentiert sind',
    regel: 'Art. 6 Abs. 1 lit. b DSGVO',
  },
  {
    kategorie: 'Änderungs- und Exportprotokoll',
    tabellen: '`audit`, `datev_export`',
    zweck: 'Nachvollziehbarkeit jeder Änderung und jedes DATEV-Exports (wer, wann, was)',
    wer: 'Mitarbeiter (nur lesen)',
    aufbewahrung: 'so lange wie die Aufzeichnungen, die es belegt',
    regel: 'Art. 6 Abs. 1 lit. c DSGVO; GoBD Rz. 107 ff.; § 146 Abs. 4 AO',
  },
  {
    kategorie: 'Anmeldung und Sitzungen',
    tabellen: '`session`, `login_attempt`',
    zweck: 'Anmeldung der Mitarbeiter, Schutz vor Passwort-Raten',
    wer: 'niemand über die Oberfläche',
    aufbewahrung:
      'Sitzungen bis zur Abmeldung oder zum Ablauf (Leerlauf, höchstens 7 Tage); Anmeldeversuche 15 Minuten',
    regel: 'Art. 6 Abs. 1 lit. f DSGVO; Art. 32 DSGVO',
  },
];

/** The row of docs/datenschutz.md a processing stands in. */
export const verzeichniszeile = (v: Verarbeitung): string =>
  `| ${v.kategorie} | ${v.tabellen} | ${v.zweck} | ${v.wer} | ${v.aufbewahrung} | ${v.regel} |`;

/** Who outside the association receives personal data, and why (Art. 15 Abs. 1 lit. c DSGVO). */
export const EMPFAENGER: readonly string[] = [
  'Kreditinstitute des Verbands (SEPA-Lastschriften und Überweisungen)',
  'Steuerberater und Finanzverwaltung (Buchhaltung, Betriebsprüfung; DATEV-Export)',
  'TalentLMS (Zugang zu Online-Seminaren, nur Teilnehmer solcher Seminare)',
  'E-Mail-Versanddienstleister (Newsletter und Rechnungen per E-Mail)',
];

/** The rights of the person concerned, Art. 15–21 DSGVO, as the cover letter states them. */
export const BETROFFENENRECHTE: readonly string[] = [
  'Auskunft über die gespeicherten Daten (Art. 15 DSGVO)',
  'Berichtigung unrichtiger Daten (Art. 16 DSGVO)',
  'Löschung, soweit keine Aufbewahrungspflicht entgegensteht (Art. 17 DSGVO)',
  'Einschränkung der Verarbeitung (Art. 18 DSGVO)',
  'Datenübertragbarkeit in einem gängigen, maschinenlesbaren Format (Art. 20 DSGVO)',
  'Widerspruch gegen die Verarbeitung, insbesondere gegen Werbung (Art. 21 DSGVO)',
  'Beschwerde bei einer Datenschutz-Aufsichtsbehörde (Art. 77 DSGVO)',
];
