/**
 * The DATEV master-data import into Benutzer (spec 003 §2, §7; issue 29): which Benutzer a
 * Debitoren/Kreditoren file creates, updates or deactivates. Matched by the debtor number; the file
 * brings the address and the bank account, never removes what it does not mention, and never
 * overwrites names (DATEV cuts them to 30 characters). A full export also deactivates debtors
 * missing from it; nothing is ever deleted. Creditors are suppliers, not Benutzer: they are counted
 * and left out.
 */
import type { Personenkonto } from '../../shared/datev/debitoren-kreditoren';
import { DomainError } from '../../shared/domain-error';
import { emailFehler } from './email';

export interface Anschrift {
  strasse: string | null;
  plz: string | null;
  ort: string | null;
}

export interface Bankkonto {
  iban: string;
  bic: string | null;
  inhaber: string | null;
  sepa_referenz: string | null;
}

/** A Benutzer with a debtor number as the import sees it. */
export interface DebitorBestand {
  benutzerId: number;
  debitorNr: number;
  aktiviert: boolean;
  /** Staff keep their login whatever the Steuerberater's file says. */
  mitarbeiter: boolean;
  /** Its invoice address, else its member address; null without one. */
  adresse: ({ id: number } & Anschrift) | null;
  /** The IBANs of its accounts, normalised. */
  ibans: string[];
}

export interface Aenderung {
  benutzerId: number;
  /** The address to write: into the one with `id`, or a new one as member and invoice address. */
  adresse?: { id: number | null } & Anschrift;
  /** A bank account the Benutzer does not have yet: added, and used for its invoices. */
  konto?: Bankkonto;
}

export interface Abgleichsplan {
  neu: Personenkonto[];
  aenderungen: Aenderung[];
  deaktivieren: number[];
  /** Debtors of the file that match a Benutzer and change nothing. */
  unveraendert: number;
  kreditoren: number;
}

export interface GelesenesKonto {
  zeile: number;
  art: 'debitor' | 'kreditor';
  konto: Personenkonto;
}

const anschriftAus = (k: Personenkonto): Anschrift | null =>
  k.strasse || k.plz || k.ort ? { strasse: k.strasse, plz: k.plz, ort: k.ort } : null;

const gleicheAnschrift = (a: Anschrift, b: Anschrift) =>
  a.strasse === b.strasse && a.plz === b.plz && a.ort === b.ort;

/** The account a Personenkonto brings, held by the name DATEV gives or by the person. */
export function bankkontoAus(k: Personenkonto): Bankkonto | null {
  if (!k.iban) return null;
  const name = k.unternehmen ?? [k.vorname, k.nachname].filter(Boolean).join(' ');
  return { iban: k.iban, bic: k.bic, inhaber: k.kontoinhaber ?? name, sepa_referenz: k.sepaMandatsreferenz };
}

/**
 * What the import does. `vollstaendig`: the file is the Steuerberater's whole list of debtors, so
 * a debtor missing from it is deactivated; a full file without a single debtor is refused, since it
 * would deactivate everyone.
 */
export function planeAbgleich(
  bestand: readonly DebitorBestand[],
  gelesen: readonly GelesenesKonto[],
  vollstaendig: boolean,
): Abgleichsplan {
  const fehler = gelesen.flatMap(({ zeile, konto }) => {
    const falsch = konto.email ? emailFehler(konto.email) : null;
    return falsch ? [`Zeile ${zeile}: ${falsch}`] : [];
  });
  if (fehler.length > 0)
    throw DomainError.invalid(
      'DATEV_DATEI',
      `Die Datei wurde nicht importiert. ${fehler.slice(0, 10).join(' ')}`,
    );
  const debitoren = gelesen.filter((g) => g.art === 'debitor').map((g) => g.konto);
  if (vollstaendig && debitoren.length === 0 && bestand.some((b) => b.aktiviert && !b.mitarbeiter))
    throw DomainError.invalid(
      'DATEV_DATEI',
      'Die Datei enthält keine Debitoren: als vollständiger Export würde sie alle Debitoren deaktivieren. Nichts wurde importiert.',
    );
  const nachNummer = new Map<number, DebitorBestand>();
  const doppelt = new Set<number>();
  for (const b of bestand) {
    if (nachNummer.has(b.debitorNr)) doppelt.add(b.debitorNr);
    nachNummer.set(b.debitorNr, b);
  }
  const mehrdeutig = debitoren.filter((k) => doppelt.has(k.konto)).map((k) => k.konto);
  if (mehrdeutig.length > 0)
    throw DomainError.conflict(
      'DEBITOR_MEHRFACH',
      `Die Debitorennummer ${mehrdeutig.slice(0, 10).join(', ')} haben mehrere Benutzer: bitte erst zusammenführen oder berichtigen. Nichts wurde importiert.`,
    );
  const plan: Abgleichsplan = { neu: [], aenderungen: [], deaktivieren: [], unveraendert: 0, kreditoren: 0 };
  plan.kreditoren = gelesen.length - debitoren.length;
  for (const konto of debitoren) {
    const vorhanden = nachNummer.get(konto.konto);
    if (!vorhanden) {
      plan.neu.push(konto);
      continue;
    }
    const aenderung: Aenderung = { benutzerId: vorhanden.benutzerId };
    const anschrift = anschriftAus(konto);
    if (anschrift && !(vorhanden.adresse && gleicheAnschrift(vorhanden.adresse, anschrift)))
      aenderung.adresse = { id: vorhanden.adresse?.id ?? null, ...anschrift };
    const bank = bankkontoAus(konto);
    if (bank && !vorhanden.ibans.includes(bank.iban)) aenderung.konto = bank;
    if (aenderung.adresse || aenderung.konto) plan.aenderungen.push(aenderung);
    else plan.unveraendert++;
  }
  if (vollstaendig) {
    const imExport = new Set(debitoren.map((k) => k.konto));
    plan.deaktivieren = bestand
      .filter((b) => b.aktiviert && !b.mitarbeiter && !imExport.has(b.debitorNr))
      .map((b) => b.benutzerId);
  }
  return plan;
}

/** The German summary the import answers. */
export function abgleichMeldung(plan: Abgleichsplan): string {
  const teile = [
    `${plan.neu.length} angelegt`,
    `${plan.aenderungen.length} aktualisiert`,
    `${plan.deaktivieren.length} deaktiviert`,
    `${plan.unveraendert} unverändert`,
  ];
  const kreditoren =
    plan.kreditoren > 0
      ? ` ${plan.kreditoren} Kreditorenkonten wurden übersprungen: Kreditoren werden nicht als Benutzer geführt.`
      : '';
  return `Debitoren: ${teile.join(', ')}.${kreditoren}`;
}

/** What the export reads of a Benutzer with a debtor number, its invoice address and account. */
export interface DebitorStamm {
  debitor_nr: number;
  firma: string | null;
  vorname: string | null;
  nachname: string | null;
  gender: 'male' | 'female' | null;
  titel: string | null;
  akad_grad: string | null;
  tel1: string | null;
  email: string | null;
  adresse: Anschrift | null;
  konto: (Omit<Bankkonto, 'iban'> & { iban: string | null }) | null;
}

/**
 * The Personenkonto the Steuerberater gets for a Benutzer: a company by its name (member firms are
 * businesses), else the person; the invoice address and account, as the import reads them back.
 */
export function personenkontoVon(b: DebitorStamm): Personenkonto {
  const unternehmen = Boolean(b.firma);
  return {
    konto: b.debitor_nr,
    art: unternehmen ? 'unternehmen' : 'person',
    unternehmen: unternehmen ? b.firma : null,
    nachname: unternehmen ? null : b.nachname,
    vorname: unternehmen ? null : b.vorname,
    anrede: unternehmen ? 'Firma' : b.gender === 'male' ? 'Herr' : b.gender === 'female' ? 'Frau' : null,
    titel: unternehmen ? null : [b.titel, b.akad_grad].filter(Boolean).join(' ') || null,
    strasse: b.adresse?.strasse ?? null,
    plz: b.adresse?.plz ?? null,
    ort: b.adresse?.ort ?? null,
    // Addresses are kept without a country: the association's members are in Germany.
    land: b.adresse ? 'DE' : null,
    email: b.email,
    telefon: b.tel1,
    iban: b.konto?.iban ?? null,
    bic: b.konto?.iban ? b.konto.bic : null,
    kontoinhaber: b.konto?.iban ? b.konto.inhaber : null,
    sepaMandatsreferenz: b.konto?.iban ? b.konto.sepa_referenz : null,
  };
}
