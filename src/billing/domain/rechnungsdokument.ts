/**
 * What an invoice PDF states (spec 002 §7 render; issue 13): number, date, recipient, lines,
 * net / VAT per rate / gross exactly as issued (the rounding of rechnungsbetraege.ts), and the
 * payment text of the payment option — for a debit with the SEPA mandate reference, the
 * association's Gläubiger-ID and the pre-notification of the collection date, for a transfer the
 * association's account. The invoice's own content comes from its stored snapshot; the issuer
 * (§ 14 Abs. 4 Nr. 1, 2 UStG: name, address, Steuernummer / USt-IdNr) and the reason of 0 % lines
 * (Nr. 9) from the association's data (verbandsdaten.ts) the document is rendered with.
 */
import { berlinDatum, deutschesDatum } from '../../../common/kalender';
import { eurosToCents, formatEuro, type Cents } from '../../shared/money';
import type { Rechnungsinhalt } from './rechnungslauf';
import type { Rechnungsaussteller } from '../../../common/verbandsdaten';

/** Seminars of a professional association are exempt as its statutory services (§ 4 Nr. 22a UStG). */
export const STANDARD_BEFREIUNGSGRUND = 'Umsatzsteuerfrei nach § 4 Nr. 22a UStG';

/** SEPA pre-notification: the collection is announced at least 14 days ahead (the rulebook default). */
export const VORABANKUENDIGUNG_TAGE = 14;
export const ZAHLUNGSZIEL_TAGE = 14;

export interface Konto {
  inhaber?: string | null;
  iban?: string | null;
  bic?: string | null;
  bank?: string | null;
  sepa_referenz?: string | null;
  sepa_datum?: string | null;
}

/** How a storno invoice is settled (issue 28): netted against the open invoice, refunded what was received. */
export interface StornoAusgleich {
  verrechnet: Cents;
  erstattung: Cents;
}

export interface GespeicherteRechnung {
  rechnungs_nr: string;
  /** The billing category: which exemption reason its 0 % lines state. */
  category?: string | null;
  betrag: number | null;
  netto: number | null;
  mwst: number | null;
  storno_parent_id: number | null;
  createdAt: Date;
  data:
    | (Partial<Rechnungsinhalt> & {
        datum?: string;
        storno_zu?: string;
        /** When the invoice a storno cancels was issued (ISO). */
        storno_zu_datum?: string;
        ausgleich?: StornoAusgleich;
        /** Issued to a business as e-invoice (issue 29, e-rechnung.ts). */
        e_rechnung?: boolean;
        empfaenger?: {
          name: string | null;
          firma?: string | null;
          leitweg_id?: string | null;
          adresse: {
            bezeichnung?: string | null;
            strasse: string | null;
            plz: string | null;
            ort: string | null;
          } | null;
        };
        bezahlung?: { typ: string | null; konto: Konto | null };
        leistungszeitraum?: Leistungszeitraum | null;
      })
    | null;
}

const euro = (betrag: number | null | undefined) => formatEuro(eurosToCents(betrag ?? 0));
const prozent = (satz: number) =>
  `${new Intl.NumberFormat('de-DE', { maximumFractionDigits: 2 }).format(satz)} %`;

/** DD.MM.YYYY in Berlin of `iso` plus `tage` days. */
const tageSpaeter = (iso: string, tage: number): string =>
  deutschesDatum(new Date(new Date(iso).getTime() + tage * 86_400_000));

/** The service period (Leistungszeitraum, § 14 Abs. 4 Nr. 6 UStG) as Berlin dates YYYY-MM-DD; `bis` null: open-ended. */
export interface Leistungszeitraum {
  von: string;
  bis: string | null;
}

/**
 * What one booking's service period is: an event booking's event day, else the seminar's beginn–ende,
 * else the Abo period's von–bis; null when the object has no dates (a product).
 */
export function vorgangszeitraum(quelle: {
  eventDatum?: string | null;
  seminar?: { beginn: Date | null; ende: Date | null } | null;
  turnus?: { von: string | null; bis: string | null } | null;
}): Leistungszeitraum | null {
  if (quelle.eventDatum) return { von: quelle.eventDatum, bis: quelle.eventDatum };
  const beginn = quelle.seminar?.beginn ?? quelle.seminar?.ende;
  if (beginn) {
    const ende = quelle.seminar?.ende ?? beginn;
    return { von: berlinDatum(beginn), bis: berlinDatum(ende) };
  }
  if (quelle.turnus?.von) return { von: quelle.turnus.von, bis: quelle.turnus.bis };
  return null;
}

/** The period an invoice covers: from the earliest start to the latest end of its lines. */
export function gesamtzeitraum(
  zeitraeume: readonly (Leistungszeitraum | null | undefined)[],
): Leistungszeitraum | null {
  const vorhanden = zeitraeume.filter((z): z is Leistungszeitraum => !!z);
  if (vorhanden.length === 0) return null;
  const von = vorhanden.map((z) => z.von).reduce((a, b) => (a < b ? a : b));
  const offen = vorhanden.some((z) => z.bis == null);
  const bis = offen ? null : vorhanden.map((z) => z.bis!).reduce((a, b) => (a > b ? a : b));
  return { von, bis };
}

const tag = (iso: string) => iso.slice(0, 10).split('-').reverse().join('.');

/** 'Leistungsdatum: 10.03.2026', 'Leistungszeitraum: 10.03.2026 – 12.03.2026' or '… ab 01.01.2026'. */
export function leistungszeitraumText(z: Leistungszeitraum | null | undefined): string | null {
  if (!z) return null;
  if (z.bis == null) return `Leistungszeitraum: ab ${tag(z.von)}`;
  if (z.bis === z.von) return `Leistungsdatum: ${tag(z.von)}`;
  return `Leistungszeitraum: ${tag(z.von)} – ${tag(z.bis)}`;
}

/** The association's account as a transfer invoice names it: IBAN, and BIC and bank where known. */
function verbandskonto(verband: Pick<Rechnungsaussteller, 'iban' | 'bic' | 'bank'>): string {
  const zusatz = [verband.bic && `BIC ${verband.bic}`, verband.bank].filter(Boolean).join(', ');
  return `IBAN ${verband.iban}${zusatz ? ` (${zusatz})` : ''}`;
}

export function zahlungstext(
  rechnung: { rechnungs_nr: string; betrag: number | null },
  bezahlung: { typ: string | null; konto: Konto | null } | undefined,
  datum: string,
  verband: Pick<Rechnungsaussteller, 'iban' | 'bic' | 'bank' | 'glaeubiger_id'>,
  storno?: { zu?: string; ausgleich?: StornoAusgleich },
): string {
  const betrag = rechnung.betrag ?? 0;
  const konto = bezahlung?.konto ?? null;
  if (betrag < 0 && storno?.ausgleich) {
    const { verrechnet, erstattung } = storno.ausgleich;
    const auf = konto?.iban ? `auf Ihr Konto ${konto.iban}` : 'an Sie';
    return [
      verrechnet > 0 &&
        `Der Betrag von ${formatEuro(verrechnet)} wird mit der offenen Rechnung ${storno.zu} verrechnet.`,
      erstattung > 0 && `Der bereits gezahlte Betrag von ${formatEuro(erstattung)} wird ${auf} erstattet.`,
    ]
      .filter(Boolean)
      .join(' ');
  }
  if (betrag < 0) {
    const auf = konto?.iban ? ` auf Ihr Konto ${konto.iban}` : '';
    return `Den Betrag von ${euro(-betrag)} erstatten wir Ihnen${auf}.`;
  }
  if (bezahlung?.typ === 'debit' && konto?.iban) {
    const mandat = konto.sepa_referenz
      ? ` zum SEPA-Lastschriftmandat ${konto.sepa_referenz}${konto.sepa_datum ? ` vom ${tageSpaeter(konto.sepa_datum, 0)}` : ''}`
      : ' per SEPA-Lastschrift';
    const glaeubiger = verband.glaeubiger_id ? ` (Gläubiger-ID ${verband.glaeubiger_id})` : '';
    return (
      `Den Rechnungsbetrag von ${euro(betrag)} ziehen wir${mandat}${glaeubiger} von Ihrem Konto ${konto.iban} ein. ` +
      `Vorabankündigung: Die Lastschrift wird frühestens am ${tageSpaeter(datum, VORABANKUENDIGUNG_TAGE)} fällig; ` +
      'bitte sorgen Sie für ausreichende Deckung.'
    );
  }
  const auf = verband.iban ? ` auf unser Konto ${verbandskonto(verband)}` : '';
  return (
    `Bitte überweisen Sie den Rechnungsbetrag von ${euro(betrag)} innerhalb von ${ZAHLUNGSZIEL_TAGE} Tagen${auf} ` +
    `unter Angabe der Rechnungsnummer ${rechnung.rechnungs_nr}.`
  );
}

/**
 * The issuer as every invoice names it: name, address, tax numbers, account. `fusszeilen` are the
 * footer under every page of the invoice (templates/pdf/rechnung.hbs, layout option `fusszeile`):
 * name and address, Steuernummer and USt-IdNr, bank account and Gläubiger-ID — the association's
 * saved data, not a fixed letterhead.
 */
export function aussteller(verband: Rechnungsaussteller) {
  const anschrift = [verband.strasse, [verband.plz, verband.ort].filter(Boolean).join(' ')].filter(Boolean);
  const steuer = [
    verband.steuernummer && `Steuernummer: ${verband.steuernummer}`,
    verband.ust_idnr && `USt-IdNr.: ${verband.ust_idnr}`,
  ]
    .filter(Boolean)
    .join(' · ');
  const bank = verband.iban ? `Bankverbindung: ${verbandskonto(verband)}` : '';
  const absender = [verband.name, ...anschrift].filter(Boolean).join(' · ');
  return {
    name: verband.name,
    anschrift: anschrift.join(', '),
    /** The sender line above the recipient's address. */
    absender,
    steuer,
    bank,
    fusszeilen: [
      absender,
      steuer,
      [bank, verband.glaeubiger_id && `Gläubiger-ID: ${verband.glaeubiger_id}`].filter(Boolean).join(' · '),
    ].filter(Boolean),
  };
}

/**
 * The reason an invoice states for its 0 % lines (§ 14 Abs. 4 Nr. 9 UStG): the text of its
 * category; null when no line is at 0 %. An invoice of unknown category takes the seminars' text.
 */
export function befreiungsgrund(
  verband: Pick<Rechnungsaussteller, 'befreiungsgruende'>,
  category: string | null | undefined,
  saetze: readonly number[],
): string | null {
  if (!saetze.some((satz) => satz === 0)) return null;
  const gruende = verband.befreiungsgruende;
  return (category && gruende[category]) || gruende.seminare || STANDARD_BEFREIUNGSGRUND;
}

/** The data the invoice template is filled with; every field present (templates are strict). */
export function rechnungsdokument(r: GespeicherteRechnung, verband: Rechnungsaussteller) {
  const data = r.data ?? {};
  const saetze = [...(data.positionen ?? []).map((p) => p.mwst), ...(data.steuern ?? []).map((z) => z.satz)];
  const datum = data.datum ?? r.createdAt.toISOString();
  const adresse = data.empfaenger?.adresse ?? null;
  const storno = r.storno_parent_id != null;
  return {
    titel: storno ? 'Stornorechnung' : 'Rechnung',
    aussteller: aussteller(verband),
    nr: r.rechnungs_nr,
    datum,
    storno_zu: data.storno_zu ?? null,
    leistungszeitraum: leistungszeitraumText(data.leistungszeitraum),
    empfaenger: {
      name: data.empfaenger?.name ?? '',
      zeilen: adresse
        ? [adresse.strasse, [adresse.plz, adresse.ort].filter(Boolean).join(' ')].filter(
            (z): z is string => !!z,
          )
        : [],
    },
    positionen: (data.positionen ?? []).map((p, i) => ({
      nr: i + 1,
      titel: p.titel ?? '',
      teilnehmer: p.teilnehmer ?? null,
      mwst: prozent(p.mwst),
      betrag: euro(p.betrag),
    })),
    steuern: (data.steuern ?? []).map((z) => ({
      satz: prozent(z.satz),
      netto: euro(z.netto),
      mwst: euro(z.mwst),
      brutto: euro(z.brutto),
    })),
    summe: { netto: euro(r.netto), mwst: euro(r.mwst), brutto: euro(r.betrag) },
    befreiung: befreiungsgrund(verband, r.category, saetze),
    zahlung: zahlungstext(r, data.bezahlung, datum, verband, {
      zu: data.storno_zu,
      ausgleich: data.ausgleich,
    }),
  };
}
