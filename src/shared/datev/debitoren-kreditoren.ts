/**
 * DATEV Debitoren/Kreditoren (category 16, version 5; FORMAT.md §4): the 254 columns of the
 * Personenkonten master data, written for the Steuerberater and read back from DATEV. Only the
 * columns the association keeps are filled or read: the account, the name, the postal address, the
 * e-mail and telephone, the first bank account and its SEPA mandate.
 */
import { bicFehler, ibanFehler, normaliseBic, normaliseIban } from '../bankverbindung';
import { DomainError } from '../domain-error';
import {
  datevDatei,
  kategorieName,
  kopfzeile,
  text,
  zahl,
  zeile,
  FORMATE,
  type ExtfDatei,
  type Kopfdaten,
  type Zelle,
} from './extf';

const bankblock = (n: number) => [
  `Bankleitzahl ${n}`,
  `Bankbezeichnung ${n}`,
  `Bank-Kontonummer ${n}`,
  `Länderkennzeichen ${n}`,
  `IBAN-Nr. ${n}`,
  'Leerfeld',
  `SWIFT-Code ${n}`,
  `Abw. Kontoinhaber ${n}`,
  `Kennz. Hauptbankverb. ${n}`,
  `Bankverb ${n} Gültig von`,
  `Bankverb ${n} Gültig bis`,
];
const bankbloecke = (von: number, bis: number) =>
  Array.from({ length: bis - von + 1 }, (_, i) => bankblock(von + i)).flat();
const reihe = (name: string, n: number, nachsatz = '') =>
  Array.from({ length: n }, (_, i) => `${name} ${i + 1}${nachsatz}`);
const rechnungsadresse = (namen: string[]) => namen.map((name) => `${name} (Rechnungsadresse)`);

/** The 254 column headings of version 5, exactly as DATEV's sample writes them. */
export const DEBITOREN_KREDITOREN_SPALTEN: readonly string[] = [
  'Konto',
  'Name (Adressattyp Unternehmen)',
  'Unternehmensgegenstand',
  'Name (Adressattyp natürl. Person)',
  'Vorname (Adressattyp natürl. Person)',
  'Name (Adressattyp keine Angabe)',
  'Adressattyp',
  'Kurzbezeichnung',
  'EU-Land',
  'EU-UStID',
  'Anrede',
  'Titel/Akad. Grad',
  'Adelstitel',
  'Namensvorsatz',
  'Adressart',
  'Straße',
  'Postfach',
  'Postleitzahl',
  'Ort',
  'Land',
  'Versandzusatz',
  'Adresszusatz',
  'Abweichende Anrede',
  'Abw. Zustellbezeichnung 1',
  'Abw. Zustellbezeichnung 2',
  'Kennz. Korrespondenzadresse',
  'Adresse Gültig von',
  'Adresse Gültig bis',
  'Telefon',
  'Bemerkung (Telefon)',
  'Telefon GL',
  'Bemerkung (Telefon GL)',
  'E-Mail',
  'Bemerkung (E-Mail)',
  'Internet',
  'Bemerkung (Internet)',
  'Fax',
  'Bemerkung (Fax)',
  'Sonstige',
  'Bemerkung (Sonstige)',
  ...bankbloecke(1, 5),
  'Leerfeld',
  'Briefanrede',
  'Grußformel',
  'Kunden-/Lief.-Nr.',
  'Steuernummer',
  'Sprache',
  'Ansprechpartner',
  'Vertreter',
  'Sachbearbeiter',
  'Diverse-Konto',
  'Ausgabeziel',
  'Währungssteuerung',
  'Kreditlimit (Debitor)',
  'Zahlungsbedingung',
  'Fälligkeit in Tagen (Debitor)',
  'Skonto in Prozent (Debitor)',
  'Kreditoren-Ziel 1 Tg.',
  'Kreditoren-Skonto 1 %',
  'Kreditoren-Ziel 2 Tg.',
  'Kreditoren-Skonto 2 %',
  'Kreditoren-Ziel 3 Brutto Tg.',
  'Kreditoren-Ziel 4 Tg.',
  'Kreditoren-Skonto 4 %',
  'Kreditoren-Ziel 5 Tg.',
  'Kreditoren-Skonto 5 %',
  'Mahnung',
  'Kontoauszug',
  ...reihe('Mahntext', 3),
  'Kontoauszugstext',
  'Mahnlimit Betrag',
  'Mahnlimit %',
  'Zinsberechnung',
  ...reihe('Mahnzinssatz', 3),
  'Lastschrift',
  'Leerfeld',
  'Mandantenbank',
  'Zahlungsträger',
  ...reihe('Indiv. Feld', 15),
  ...rechnungsadresse([
    'Abweichende Anrede',
    'Adressart',
    'Straße',
    'Postfach',
    'Postleitzahl',
    'Ort',
    'Land',
    'Versandzusatz',
    'Adresszusatz',
    'Abw. Zustellbezeichnung 1',
    'Abw. Zustellbezeichnung 2',
    'Adresse Gültig von',
    'Adresse Gültig bis',
  ]),
  ...bankbloecke(6, 10),
  'Nummer Fremdsystem',
  'Insolvent',
  ...reihe('SEPA-Mandatsreferenz', 10),
  'Verknüpftes OPOS-Konto',
  'Mahnsperre bis',
  'Lastschriftsperre bis',
  'Zahlungssperre bis',
  'Gebührenberechnung',
  ...reihe('Mahngebühr', 3),
  'Pauschalenberechnung',
  ...reihe('Verzugspauschale', 3),
  'Alternativer Suchname',
  'Status',
  'Anschrift manuell geändert (Korrespondenzadresse)',
  'Anschrift individuell (Korrespondenzadresse)',
  'Anschrift manuell geändert (Rechnungsadresse)',
  'Anschrift individuell (Rechnungsadresse)',
  'Fristberechnung bei Debitor',
  ...reihe('Mahnfrist', 3),
  'Letzte Frist',
];

/** Text (T, `""` when unused) or number/date (Z, empty) per column, as DATEV's sample writes them. */
const SPALTENARTEN =
  'ZTTTTTTTTTTTTTTTTTTTTTTTTZZZTTTTTTTTTTTTTTTTTTTTTZZTTTTTTTTTZZTTTTTTTTTZZTTTTTTTTTZZTTTTTTTTTZZTTTTTTTTTZZTZZZZZZZZZZZZZZZZZZZZZZZZZTTZTTTTTTTTTTTTTTTTTTTTTTTTTTTZZTTTTTTTTTZZTTTTTTTTTZZTTTTTTTTTZZTTTTTTTTTZZTTTTTTTTTZZTZTTTTTTTTTTZZZZZZZZZZZZTZZTZTZZZZZ';

/** Column positions by the names used below (the first of a repeated name). */
const SPALTE: Record<string, number> = {};
DEBITOREN_KREDITOREN_SPALTEN.forEach((name, i) => (SPALTE[name] ??= i));

/** One Personenkonto as the association keeps it: a member's debtor account, or a creditor. */
export interface Personenkonto {
  konto: number;
  /** Adressattyp: 1 natürliche Person (Name, Vorname), 2 Unternehmen (Name des Unternehmens). */
  art: 'person' | 'unternehmen';
  unternehmen: string | null;
  nachname: string | null;
  vorname: string | null;
  anrede: string | null;
  titel: string | null;
  strasse: string | null;
  plz: string | null;
  ort: string | null;
  /** ISO 3166 two letters. */
  land: string | null;
  email: string | null;
  telefon: string | null;
  iban: string | null;
  bic: string | null;
  kontoinhaber: string | null;
  sepaMandatsreferenz: string | null;
}

/** The record of one Personenkonto: 254 cells, the used ones within DATEV's field lengths. */
export function personenkontoZeile(p: Personenkonto): Zelle[] {
  const zellen: Zelle[] = [...SPALTENARTEN].map((art) => (art === 'T' ? text('') : null));
  const setze = (spalte: string, wert: Zelle) => (zellen[SPALTE[spalte]] = wert);
  const textfeld = (spalte: string, wert: string | null, laenge: number) => {
    if (wert) setze(spalte, text(wert, laenge));
  };
  setze('Konto', zahl(p.konto));
  if (p.art === 'unternehmen') textfeld('Name (Adressattyp Unternehmen)', p.unternehmen, 50);
  else {
    textfeld('Name (Adressattyp natürl. Person)', p.nachname, 30);
    textfeld('Vorname (Adressattyp natürl. Person)', p.vorname, 30);
  }
  setze('Adressattyp', text(p.art === 'unternehmen' ? '2' : '1'));
  textfeld('Anrede', p.anrede, 30);
  textfeld('Titel/Akad. Grad', p.titel, 25);
  if (p.strasse || p.plz || p.ort) setze('Adressart', text('STR'));
  textfeld('Straße', p.strasse, 36);
  textfeld('Postleitzahl', p.plz, 10);
  textfeld('Ort', p.ort, 30);
  textfeld('Land', p.land, 2);
  textfeld('Telefon', p.telefon, 60);
  textfeld('E-Mail', p.email, 60);
  if (p.iban) {
    setze('IBAN-Nr. 1', text(p.iban, 34));
    textfeld('Länderkennzeichen 1', p.iban.slice(0, 2), 2);
    textfeld('SWIFT-Code 1', p.bic, 11);
    textfeld('Abw. Kontoinhaber 1', p.kontoinhaber, 70);
    setze('Kennz. Hauptbankverb. 1', text('1'));
    textfeld('SEPA-Mandatsreferenz 1', p.sepaMandatsreferenz, 35);
  }
  return zellen;
}

/** The Debitoren/Kreditoren file: header, headings and one record per Personenkonto. */
export function debitorenKreditoren(
  kopf: Omit<Kopfdaten, 'format' | 'datumVon' | 'datumBis' | 'bezeichnung'>,
  konten: readonly Personenkonto[],
): Buffer {
  return datevDatei([
    zeile(kopfzeile({ ...kopf, format: 'debitorenKreditoren' })),
    DEBITOREN_KREDITOREN_SPALTEN.join(';'),
    ...konten.map((k) => zeile(personenkontoZeile(k))),
  ]);
}

/**
 * Debtors and creditors by their number (FORMAT.md §2 field 14): Personenkonten have one digit more
 * than the ledger accounts; with 4 digits debtors are 10000–69999 and creditors 70000–99999.
 */
export function kontoart(konto: number, sachkontenlaenge: number): 'debitor' | 'kreditor' | null {
  const basis = 10 ** sachkontenlaenge;
  if (konto >= basis && konto < 7 * basis) return 'debitor';
  if (konto >= 7 * basis && konto < 10 * basis) return 'kreditor';
  return null;
}

const unlesbar = (grund: string) => DomainError.invalid('DATEV_DATEI', grund);

/**
 * The Personenkonten of a Debitoren/Kreditoren file, by position as DATEV maps them (other programs
 * spell some headings differently). A file of another category, a record without a valid account
 * number, the same account twice or a bank account that is not one are refused with the line, so
 * that nothing of such a file is imported.
 */
export function lesePersonenkonten(
  datei: ExtfDatei,
): { zeile: number; konto: Personenkonto; art: 'debitor' | 'kreditor' }[] {
  const { kategorie, formatversion, sachkontenlaenge } = datei.kopf;
  const erwartet = FORMATE.debitorenKreditoren;
  if (kategorie !== erwartet.kategorie)
    throw unlesbar(
      `Die Datei ist ${kategorieName(kategorie)}. Importiert werden ${kategorieName(erwartet.kategorie)}.`,
    );
  if (formatversion !== erwartet.version || datei.spalten.length !== DEBITOREN_KREDITOREN_SPALTEN.length)
    throw unlesbar(
      `Die Datei hat Formatversion ${formatversion} mit ${datei.spalten.length} Spalten; gelesen wird Version ${erwartet.version} mit ${DEBITOREN_KREDITOREN_SPALTEN.length} Spalten.`,
    );
  if (sachkontenlaenge === null || sachkontenlaenge < 4 || sachkontenlaenge > 8)
    throw unlesbar('Die Kopfzeile nennt keine Sachkontenlänge von 4 bis 8.');
  const gesehen = new Map<number, number>();
  const fehler: string[] = [];
  const gelesen = datei.zeilen.flatMap(({ nummer, zellen }) => {
    const feld = (spalte: string) => zellen[SPALTE[spalte]].trim() || null;
    const kontoText = feld('Konto') ?? '';
    const konto = /^\d{1,9}$/.test(kontoText) ? Number(kontoText) : null;
    const art = konto === null ? null : kontoart(konto, sachkontenlaenge);
    if (konto === null || art === null) {
      fehler.push(
        `Zeile ${nummer}: „${kontoText}“ ist kein Personenkonto bei Sachkontenlänge ${sachkontenlaenge}.`,
      );
      return [];
    }
    const frueher = gesehen.get(konto);
    if (frueher !== undefined)
      fehler.push(`Zeile ${nummer}: Konto ${konto} steht schon in Zeile ${frueher}.`);
    gesehen.set(konto, nummer);
    const ibanRoh = feld('IBAN-Nr. 1');
    const bicRoh = feld('SWIFT-Code 1');
    const ibanFalsch = ibanRoh && ibanFehler(ibanRoh);
    if (ibanFalsch) fehler.push(`Zeile ${nummer}: ${ibanFalsch}`);
    const bicFalsch = bicRoh && bicFehler(bicRoh);
    if (bicFalsch) fehler.push(`Zeile ${nummer}: ${bicFalsch}`);
    const typ = feld('Adressattyp');
    const unternehmen =
      typ === '1'
        ? null
        : (feld('Name (Adressattyp Unternehmen)') ?? feld('Name (Adressattyp keine Angabe)'));
    const nachname = typ === '1' || !unternehmen ? feld('Name (Adressattyp natürl. Person)') : null;
    if (!unternehmen && !nachname) fehler.push(`Zeile ${nummer}: Konto ${konto} hat keinen Namen.`);
    return [
      {
        zeile: nummer,
        art,
        konto: {
          konto,
          art: unternehmen ? 'unternehmen' : 'person',
          unternehmen,
          nachname,
          vorname: nachname ? feld('Vorname (Adressattyp natürl. Person)') : null,
          anrede: feld('Anrede'),
          titel: feld('Titel/Akad. Grad'),
          strasse: feld('Straße'),
          plz: feld('Postleitzahl'),
          ort: feld('Ort'),
          land: feld('Land'),
          email: feld('E-Mail'),
          telefon: feld('Telefon'),
          iban: ibanRoh && !ibanFalsch ? normaliseIban(ibanRoh) : null,
          bic: bicRoh && !bicFalsch ? normaliseBic(bicRoh) : null,
          kontoinhaber: feld('Abw. Kontoinhaber 1'),
          sepaMandatsreferenz: feld('SEPA-Mandatsreferenz 1'),
        } satisfies Personenkonto,
      },
    ];
  });
  if (fehler.length > 0) {
    const gezeigt = fehler.slice(0, 10).join(' ');
    const rest = fehler.length > 10 ? ` … und ${fehler.length - 10} weitere.` : '';
    throw unlesbar(`Die Datei wurde nicht importiert. ${gezeigt}${rest}`);
  }
  return gelesen;
}
