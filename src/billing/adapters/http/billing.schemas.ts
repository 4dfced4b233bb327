/**
 * The request bodies of billing's own verbs (issue 27), checked by `ZodBody` with German messages
 * naming the field. What the spec names with its own code stays with the domain: an unknown
 * category is its 'bad category' (spec 002 §8), a missing object id `CATEGORY_ID`, too many
 * objects `CATEGORY_IDS`; a booking's rules between its fields are domain/buchung.ts's, with its codes.
 */
import { z } from 'zod';
import { PREIS_STUFEN } from '../../../../common/seminar';
import { enumLabel } from '../../../../common/vocabulary';
import { id, type Beschriftung } from '../../../platform/http/zod-body';
import { BUCHUNGS_TYPEN, type BuchungsEingabe } from '../../domain/buchung';
import { KATEGORIEN } from '../../domain/kategorie';

/** A yes/no flag, also as the text a form or query sends. */
const janein = z.union([z.boolean(), z.enum(['true', 'false']).transform((wert) => wert === 'true')]);

/** Any text: which categories exist is the domain's 'bad category'. */
const kategorie = z.string().optional();

/** `POST rw-transaction/setAllVerifiziert`: one billed object. */
export const KategorieKoerper = z.object({ category: kategorie, category_id: id.optional() });

/** `POST warenkorb/bestelluebersicht_email`: whose bookings on which object. */
export const BestelluebersichtKoerper = z.object({
  benutzer_id: id,
  category: kategorie,
  category_id: id.optional(),
});
export type BestelluebersichtKoerper = z.output<typeof BestelluebersichtKoerper>;

/**
 * `POST rw-rechnung` (the invoice run) and `POST rw-abrechnung` (the export): one billed object.
 * Other fields pass through, for the use case's 409: these verbs stand in for the generic create.
 */
export const LaufKoerper = z.looseObject({
  category: kategorie,
  category_id: id.optional(),
  only_verified: janein.optional(),
});
export type LaufKoerper = z.output<typeof LaufKoerper>;

/** `POST rw-calculation/calcCategory`: the objects of one overview page, one id or a list. */
export const KalkulationKoerper = z.object({
  category: kategorie,
  // One id as the list of it, so that a bad entry is named by its place.
  category_ids: z.preprocess(
    (ids) => (ids === undefined || Array.isArray(ids) ? ids : [ids]),
    z.array(id).optional(),
  ),
  transactions: janein.optional(),
  rechnungen: janein.optional(),
  abos: janein.optional(),
});

/** `PUT rw-transaction/{id}` (a change): fields that the generic writer's metadata checks one by one. */
export const VorgangsKoerper = z.record(z.string(), z.unknown());

const erlaubt = (feld: string, werte: readonly string[]) =>
  `hat einen unzulässigen Wert (erlaubt: ${werte.map((wert) => enumLabel('rw-buchung', feld, wert)).join(', ')})`;

/** An id of a form, where an empty field means none. */
const optionaleId = z.preprocess((wert) => (wert === '' ? null : wert), id.nullish());

/**
 * `POST rw-transaction` and `…/preis` (a booking): each field of its type. Which fields a booking
 * takes at all, that it names its member, and which object ids its category books are the booking
 * rules' (domain/buchung.ts `buchungsanfrage`), so fields of other names pass through to them.
 */
export const BuchungsKoerper = z.looseObject({
  category: z.enum(KATEGORIEN, { error: erlaubt('category', KATEGORIEN) }),
  benutzer_id: optionaleId,
  teilnehmer_id: optionaleId,
  veranstaltung_id: optionaleId,
  veranstaltung_event_id: optionaleId,
  wb_bundle_id: optionaleId,
  produkt_id: optionaleId,
  warenkorb_id: optionaleId,
  wb_abo_id: optionaleId,
  wb_abo_turnus_id: optionaleId,
  wb_abo_buchung_id: optionaleId,
  buchung_typ: z.enum(BUCHUNGS_TYPEN, { error: erlaubt('buchung_typ', BUCHUNGS_TYPEN) }).nullish(),
  titel: z
    .string({ error: 'muss ein Text sein' })
    .max(255, { error: 'darf höchstens 255 Zeichen lang sein' })
    .nullish(),
  preis: z.literal(PREIS_STUFEN, { error: 'muss eine Preisstufe von 1 bis 6 sein' }).nullish(),
  // 0: explicitly no discount; empty: the best applicable.
  wb_rabatt_id: z.preprocess(
    (wert) => (wert === '' ? null : wert),
    z.union([z.literal(0), id], { error: 'muss die ID eines Rabatts oder 0 (kein Rabatt) sein' }).nullish(),
  ),
  voucher_code: z.string({ error: 'muss ein Code sein' }).nullish(),
  betrag: z.number({ error: 'muss ein Betrag in Euro sein' }).nullish(),
  verifiziert: z.boolean().nullish(),
}) satisfies z.ZodType<BuchungsEingabe>;

export const KATEGORIE: Beschriftung = {
  resource: 'rw-transaction',
  labels: {
    category_id: 'Abgerechneter Eintrag',
    category_ids: 'Abgerechnete Einträge',
    only_verified: 'Nur verifizierte Vorgänge',
    transactions: 'Vorgänge',
    rechnungen: 'Rechnungen',
    abos: 'Abo-Buchungen',
  },
};

export const VORGANG: Beschriftung = { resource: 'rw-transaction', ganzes: 'Buchung' };

const text = (laenge: number) => z.string().max(laenge);
/** An optional text: empty or missing is null. */
const kannText = (laenge: number) =>
  z
    .string()
    .max(laenge)
    .nullish()
    .transform((wert) => (wert == null || wert.trim() === '' ? null : wert));

/**
 * `PUT verbandsdaten`: the association's data; the fields' types and lengths here, what they must
 * look like (tax numbers, IBAN, Gläubiger-ID, at least one tax number) in domain/verbandsdaten.ts.
 */
export const VerbandsdatenKoerper = z.object({
  name: text(140),
  strasse: text(140),
  plz: text(10),
  ort: text(70),
  steuernummer: kannText(20),
  ust_idnr: kannText(20),
  iban: text(42),
  bic: kannText(20),
  bank: kannText(140),
  glaeubiger_id: kannText(40),
  kontakt_name: kannText(140),
  kontakt_telefon: kannText(40),
  kontakt_email: kannText(140),
  befreiungsgruende: z.object({
    seminare: text(300),
    abos: text(300),
    bundle: text(300),
    produkte: text(300),
  }),
});

export const VERBANDSDATEN: Beschriftung = {
  resource: 'verbandsdaten',
  labels: { seminare: 'Seminare', abos: 'Abos', bundle: 'Bundles', produkte: 'Produkte' },
};

/**
 * `POST gastanmeldung/{id}/uebernehmen`: the Benutzer the guest already is, chosen by staff; none
 * (absent or null) makes a new one of the registration.
 */
export const UebernahmeKoerper = z.strictObject({ benutzer_id: id.nullable().optional() });

export const UEBERNAHME: Beschriftung = {
  resource: 'gastanmeldung',
  labels: { benutzer_id: 'Benutzer' },
  ganzes: 'Übernahme',
};

/** `POST rw-rechnung/{id}/bezahlt` (issue 28): the day the invoice was paid. */
export const BezahltKoerper = z.object({ datum: z.iso.date() });

/** `POST rw-kontoauszug-posten/{id}/zuordnen`: the invoice the entry pays. */
export const ZuordnenKoerper = z.object({ rw_rechnung_id: id });

export const ZAHLUNG: Beschriftung = {
  resource: 'rw-zahlung',
  labels: { datum: 'Bezahlt am', rw_rechnung_id: 'Rechnung' },
};
/** A booking's fields as the booking dialog names them. */
export const BUCHUNG: Beschriftung = { resource: 'rw-buchung', ganzes: 'Buchung' };

const konto = z.number().int();
const erloeskonto = z.object({ konto, bu: z.string().max(4) });
const jeSatz = z.object({ '19': erloeskonto, '7': erloeskonto, '0': erloeskonto });

/** `PUT datev-einstellungen` (issue 29): the ranges and lengths are domain/datev-einstellungen.ts's. */
export const DatevEinstellungenKoerper = z.object({
  beraternummer: konto.nullable(),
  mandantennummer: konto.nullable(),
  wj_beginn_monat: konto,
  sachkontenlaenge: konto,
  kontenrahmen: z.enum(['03', '04']),
  geldkonto: konto,
  sammeldebitor: konto,
  erloeskonten: z.object({ seminare: jeSatz, abos: jeSatz, bundle: jeSatz, produkte: jeSatz }),
});

export const DATEV_EINSTELLUNGEN: Beschriftung = { resource: 'datev-einstellungen' };
