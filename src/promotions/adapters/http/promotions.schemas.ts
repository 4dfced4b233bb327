/**
 * The request bodies of the promotions' own verbs (issue 27): what each must look like, checked by
 * `ZodBody` with German messages naming the field. The rules over the checked values (a voucher's
 * relation, a percentage's cap, the amounts' range) stay in domain/.
 */
import { z } from 'zod';
import { GUTSCHEINE_MAX } from '../../../../common/gutschein';
import { id, type Beschriftung } from '../../../platform/http/zod-body';
import { eurosToCents } from '../../../shared/money';

const ANZAHL = `muss eine ganze Zahl zwischen 1 und ${GUTSCHEINE_MAX.toLocaleString('de-DE')} sein`;
const NICHT_NEGATIV = 'darf nicht negativ sein';
const TAG = z.iso.date({ error: 'muss ein Datum (JJJJ-MM-TT) sein' });

/** An amount in euros, as cents. */
const preis = z
  .number({ error: 'muss ein Betrag ab 0 sein' })
  .min(0, { error: 'muss ein Betrag ab 0 sein' })
  .transform(eurosToCents);

/** `POST wb-voucher/bulk` (spec 003 §3, §5); the relation is checked by `gutscheinSerie`. */
export const GutscheinSerieKoerper = z.object({
  num: z.int({ error: ANZAHL }).min(1, { error: ANZAHL }).max(GUTSCHEINE_MAX, { error: ANZAHL }),
  relation: z.unknown().optional(),
  relation_id: z.unknown().optional(),
  typ: z
    .enum(['full', 'percent', 'reduction'], {
      error: 'hat einen unzulässigen Wert (erlaubt: Festpreis, Prozent, Nachlass)',
    })
    .default('full'),
  /** Euros for full and reduction, percent for percent. */
  wert: z.number({ error: NICHT_NEGATIV }).min(0, { error: NICHT_NEGATIV }).default(0),
  titel: z.string({ error: 'darf höchstens 255 Zeichen lang sein' }).max(255).nullish(),
  valid: z.boolean().default(true),
});
export const GUTSCHEIN_SERIE: Beschriftung = { resource: 'wb-voucher' };

/** `POST wb-voucher/anwenden`: a code on a seminar's price (euros). */
export const GutscheinAnwendenKoerper = z.object({
  code: z.string().trim().min(1, { error: 'fehlt' }),
  veranstaltung_id: id,
  preis,
});
export const GUTSCHEIN_ANWENDEN: Beschriftung = {
  resource: 'wb-voucher',
  labels: { veranstaltung_id: 'Seminar', preis: 'Preis' },
};

/** `POST wb-rabatt/berechnen`: a booking as billing describes it (amounts in euros). */
export const RabattBuchungKoerper = z.object({
  preis,
  teilnehmer: z.object({ id, gruppenIds: z.array(id).default([]) }),
  seminar: z.object({ id, typId: id.nullish().transform((typId) => typId ?? null), datum: TAG }),
  buchungsdatum: TAG,
  frueher: z
    .array(z.object({ teilnehmerId: id, seminarId: id, rabattIds: z.array(id).default([]) }))
    .default([]),
});
export const RABATT_BUCHUNG: Beschriftung = {
  resource: 'wb-rabatt',
  labels: {
    preis: 'Preis',
    teilnehmer: 'Teilnehmer',
    seminar: 'Seminar',
    id: 'ID',
    gruppenIds: 'Gruppen',
    typId: 'Seminartyp',
    datum: 'Datum',
    buchungsdatum: 'Buchungsdatum',
    frueher: 'Frühere Buchungen',
    teilnehmerId: 'Teilnehmer',
    seminarId: 'Seminar',
    rabattIds: 'Rabatte',
  },
};

/** An unset date from the dialog's date field arrives empty: the cancellation's own message names it. */
const tagOderNichts = z.preprocess((wert) => (wert === '' ? null : wert), TAG.nullish());
const admin = z
  .string({ error: 'muss ein Text sein' })
  .max(255, { error: 'darf höchstens 255 Zeichen lang sein' });

/** `DELETE wb-abo-buchung/{id}/storno` (spec 003 §7); the choice is checked by domain/abo-turnus.ts. */
export const KuendigungKoerper = z.object({
  admin: admin.nullish(),
  storno_turnus_id: id.nullish(),
  date: tagOderNichts,
  delete_unsettled_transactions: z.boolean({ error: 'muss ja oder nein sein' }).default(false),
});
export const KUENDIGUNG: Beschriftung = {
  resource: 'wb-abo-buchung',
  labels: {
    admin: 'Bearbeiter',
    storno_turnus_id: 'Kündigung zum Turnus',
    date: 'Kündigungsdatum',
    delete_unsettled_transactions: 'Unabgerechnete Vorgänge löschen',
  },
};

/** `DELETE wb-abo-buchung/{id}/cancel_storno`: only who asks. */
export const WiderrufKoerper = z.object({ admin: admin.nullish() });
export const WIDERRUF: Beschriftung = { resource: 'wb-abo-buchung', labels: { admin: 'Bearbeiter' } };

/** `POST wb-abo/perioden_abrechnen`: the day up to which periods are billed, today by default. */
export const PeriodenlaufKoerper = z.object({ stichtag: TAG.optional() });
export const PERIODENLAUF: Beschriftung = { resource: 'wb-abo', labels: { stichtag: 'Stichtag' } };

/** `PUT wb-abo-turnus/{id}`: the period's fields, checked by their metadata as in the generic save. */
export const TurnusKoerper = z.record(z.string(), z.unknown());
export const TURNUS: Beschriftung = { resource: 'wb-abo-turnus', ganzes: 'Abo-Turnus' };

/** `DELETE wb-abo-turnus/{id}/veranstaltung` (spec 003 §7). */
export const TurnusSeminarKoerper = z.object({ veranstaltung_id: id });
export const TURNUS_SEMINAR: Beschriftung = {
  resource: 'wb-abo-turnus',
  labels: { veranstaltung_id: 'Seminar' },
};

/** `DELETE wb-abo-turnus/{id}/event`: the event, and its seminar as the timeline sends it. */
export const TurnusEventKoerper = z.object({ veranstaltung_id: id.nullish(), veranstaltung_event_id: id });
export const TURNUS_EVENT: Beschriftung = {
  resource: 'wb-abo-turnus',
  labels: { veranstaltung_id: 'Seminar', veranstaltung_event_id: 'Veranstaltung' },
};
