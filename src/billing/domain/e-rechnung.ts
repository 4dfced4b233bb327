/**
 * The e-invoice of an issued invoice (issue 29; EN 16931, CII syntax as ZUGFeRD / Factur-X and
 * XRechnung): the semantic content, built from what the invoice stored when it was issued and the
 * association's data — never from its PDF. Adapters turn it into XML and embed it in the PDF.
 *
 * Who gets one: a business — the recipient's Benutzer has a firma, or the payment option asks for
 * it (`e_rechnung`, e.g. a self-employed member) — decided at issue and stored with the invoice.
 *
 * Amounts: lines carry gross amounts, the invoice states net and VAT per rate (rechnungsbetraege.ts).
 * EN 16931 wants net line amounts that add up exactly to each rate's taxable amount (BR-S-08, BR-E-08),
 * so each rate's stored net is shared among its lines in proportion to their gross amounts, the last
 * line taking the rounding rest. 0 % lines are exempt (category E) with the reason the printed
 * invoice states (Verbandsdaten, § 4 Nr. 22a UStG by default). A storno or any negative invoice is a
 * credit note (type 381) with positive amounts, naming the invoice it cancels.
 */
import { berlinDatum } from '../../../common/kalender';
import { eurosToCents, type Cents } from '../../shared/money';
import type { Rechnungsaussteller } from '../../../common/verbandsdaten';
import {
  befreiungsgrund,
  zahlungstext,
  ZAHLUNGSZIEL_TAGE,
  VORABANKUENDIGUNG_TAGE,
  type GespeicherteRechnung,
  type Leistungszeitraum,
} from './rechnungsdokument';

/** UNTDID 1001: commercial invoice, credit note. */
export type Rechnungsart = '380' | '381';
/** UNCL 5305: standard rate, exempt. */
export type Steuerkategorie = 'S' | 'E';

export interface Anschrift {
  strasse: string | null;
  plz: string | null;
  ort: string | null;
  /** ISO 3166-1 alpha-2; stored addresses carry none, they are German. */
  land: string;
}

export interface ERechnung {
  art: Rechnungsart;
  nr: string;
  /** Berlin calendar day, YYYY-MM-DD. */
  datum: string;
  /** BT-25/26: the invoice a credit note cancels. */
  vorgaenger: { nr: string; datum: string | null } | null;
  /** BT-10: the buyer's reference, the Leitweg-ID of a public authority. */
  leitweg_id: string | null;
  verkaeufer: {
    name: string;
    anschrift: Anschrift;
    ust_idnr: string | null;
    steuernummer: string | null;
    /** BG-6, the seller contact (Verbandsdaten); an XRechnung must name it (BR-DE-2). */
    kontakt: { name: string | null; telefon: string | null; email: string | null };
  };
  kaeufer: { name: string; anschrift: Anschrift };
  /** BT-72 (the service day, else the invoice day) and BT-73/74 when the service spans days. */
  lieferdatum: string;
  zeitraum: Leistungszeitraum | null;
  zahlung: {
    /** UNCL 4461: 58 SEPA credit transfer, 59 SEPA direct debit; null: none (a credit note). */
    art: '58' | '59' | null;
    /** The seller's account a transfer goes to. */
    iban: string | null;
    bic: string | null;
    /**
     * Direct debit: mandate reference and the debited account. The creditor ID (BT-90) is named in
     * the payment text only: the CII writer takes it from a payee party, which must differ from the
     * seller (BR-17).
     */
    mandat: string | null;
    lastschriftkonto: string | null;
    /** BT-20: the payment text the PDF prints (with the Gläubiger-ID of a debit). */
    bedingungen: string;
    /** BT-9, YYYY-MM-DD; null for a credit note. */
    faellig: string | null;
  };
  positionen: {
    nr: number;
    titel: string;
    netto: Cents;
    kategorie: Steuerkategorie;
    satz: number;
  }[];
  steuern: {
    kategorie: Steuerkategorie;
    satz: number;
    basis: Cents;
    betrag: Cents;
    befreiungsgrund: string | null;
  }[];
  summen: { netto: Cents; mwst: Cents; brutto: Cents };
}

/** Is the recipient a business that gets an e-invoice: a firm, or asked for by its payment option? */
export function istGeschaeftskunde(empfaenger: { firma: string | null; e_rechnung: boolean }): boolean {
  return empfaenger.e_rechnung || !!empfaenger.firma?.trim();
}

/** Was the invoice issued as e-invoice (stored at issue). */
export function alsERechnungAusgestellt(r: Pick<GespeicherteRechnung, 'data'>): boolean {
  return r.data?.e_rechnung === true;
}

const plusTage = (tag: string, tage: number) =>
  new Date(Date.parse(`${tag}T12:00:00Z`) + tage * 86_400_000).toISOString().slice(0, 10);

/** `gesamt` shared among `anteile` in proportion, whole cents, the last taking the rest. */
function verteile(gesamt: Cents, anteile: readonly Cents[]): Cents[] {
  const summe = anteile.reduce((s, a) => s + a, 0);
  let rest = gesamt;
  return anteile.map((anteil, i) => {
    if (i === anteile.length - 1) return rest;
    const teil = summe === 0 ? 0 : Math.round((anteil * gesamt) / summe);
    rest -= teil;
    return teil;
  });
}

const kategorie = (satz: number): Steuerkategorie => (satz === 0 ? 'E' : 'S');

/** The e-invoice of a stored invoice; `verband` is the issuer the PDF was rendered with. */
export function eRechnung(r: GespeicherteRechnung, verband: Rechnungsaussteller): ERechnung {
  const data = r.data ?? {};
  const betrag = eurosToCents(r.betrag ?? 0);
  const gutschrift = r.storno_parent_id != null || betrag < 0;
  // A credit note states what is credited as positive amounts.
  const vz = (cents: Cents) => (gutschrift ? -cents : cents) || 0;
  const datumIso = data.datum ?? r.createdAt.toISOString();
  const datum = berlinDatum(new Date(datumIso));

  const positionen = data.positionen ?? [];
  const steuern = (data.steuern ?? []).map((z) => ({
    satz: z.satz,
    brutto: vz(eurosToCents(z.brutto)),
    netto: vz(eurosToCents(z.netto)),
    mwst: vz(eurosToCents(z.mwst)),
  }));
  const netto = new Map<number, Cents>();
  for (const z of steuern) {
    const zeilen = positionen.map((p, i) => ({ p, i })).filter(({ p }) => p.mwst === z.satz);
    const anteile = verteile(
      z.netto,
      zeilen.map(({ p }) => vz(eurosToCents(p.betrag))),
    );
    zeilen.forEach(({ i }, k) => netto.set(i, anteile[k]));
  }

  const grund = befreiungsgrund(verband, r.category, [0]);
  const adresse = data.empfaenger?.adresse ?? null;
  const bezahlung = data.bezahlung;
  const lastschrift = !gutschrift && bezahlung?.typ === 'debit' && !!bezahlung.konto?.iban;
  const ueberweisung = !gutschrift && !lastschrift && !!verband.iban;
  const zeitraum = data.leistungszeitraum ?? null;

  return {
    art: gutschrift ? '381' : '380',
    nr: r.rechnungs_nr,
    datum,
    vorgaenger: data.storno_zu
      ? {
          nr: data.storno_zu,
          datum: data.storno_zu_datum ? berlinDatum(new Date(data.storno_zu_datum)) : null,
        }
      : null,
    leitweg_id: data.empfaenger?.leitweg_id?.trim() || null,
    verkaeufer: {
      name: verband.name,
      anschrift: { strasse: verband.strasse, plz: verband.plz, ort: verband.ort, land: 'DE' },
      ust_idnr: verband.ust_idnr,
      steuernummer: verband.steuernummer,
      kontakt: {
        name: verband.kontakt_name ?? null,
        telefon: verband.kontakt_telefon ?? null,
        email: verband.kontakt_email ?? null,
      },
    },
    kaeufer: {
      name: data.empfaenger?.firma?.trim() || data.empfaenger?.name || '',
      anschrift: {
        strasse: adresse?.strasse ?? null,
        plz: adresse?.plz ?? null,
        ort: adresse?.ort ?? null,
        land: 'DE',
      },
    },
    lieferdatum: zeitraum?.bis ?? zeitraum?.von ?? datum,
    zeitraum: zeitraum && zeitraum.von !== zeitraum.bis ? zeitraum : null,
    zahlung: {
      art: lastschrift ? '59' : ueberweisung ? '58' : null,
      iban: ueberweisung ? verband.iban : null,
      bic: ueberweisung ? verband.bic : null,
      mandat: lastschrift ? (bezahlung?.konto?.sepa_referenz ?? null) : null,
      lastschriftkonto: lastschrift ? bezahlung!.konto!.iban! : null,
      bedingungen: zahlungstext(r, bezahlung, datumIso, verband, {
        zu: data.storno_zu,
        ausgleich: data.ausgleich,
      }),
      faellig: gutschrift ? null : plusTage(datum, lastschrift ? VORABANKUENDIGUNG_TAGE : ZAHLUNGSZIEL_TAGE),
    },
    positionen: positionen.map((p, i) => ({
      nr: i + 1,
      titel: [p.titel, p.teilnehmer].filter(Boolean).join(' – ') || 'Leistung',
      netto: netto.get(i) ?? 0,
      kategorie: kategorie(p.mwst),
      satz: p.mwst,
    })),
    steuern: steuern.map((z) => ({
      kategorie: kategorie(z.satz),
      satz: z.satz,
      basis: z.netto,
      betrag: z.mwst,
      befreiungsgrund: z.satz === 0 ? grund : null,
    })),
    summen: {
      netto: vz(eurosToCents(r.netto ?? 0)),
      mwst: vz(eurosToCents(r.mwst ?? 0)),
      brutto: vz(betrag),
    },
  };
}

/**
 * What an XRechnung (the German CIUS of EN 16931) needs beyond EN 16931, checked before the XML is
 * written: the seller contact with name, telephone and e-mail (BR-DE-2, 5, 6, 7) and a payment
 * instruction (BR-DE-1). Its buyer reference (BT-10, BR-DE-15) is the Leitweg-ID, else the invoice
 * number, which the buyer finds on the invoice. Answers the German reasons, none when it can be written.
 */
export function xrechnungFehlt(e: ERechnung): string[] {
  const fehlt: string[] = [];
  const { kontakt } = e.verkaeufer;
  const kontaktFehlt = [
    !kontakt.name && 'Ansprechpartner',
    !kontakt.telefon && 'Telefon',
    !kontakt.email && 'E-Mail',
  ].filter(Boolean);
  if (kontaktFehlt.length)
    fehlt.push(`In den Verbandsdaten fehlt beim Ansprechpartner für Rechnungen: ${kontaktFehlt.join(', ')}.`);
  if (e.art === '380' && e.zahlung.art === null)
    fehlt.push('Die Rechnung nennt keinen Zahlungsweg (Überweisung mit IBAN des Verbands oder Lastschrift).');
  return fehlt;
}
