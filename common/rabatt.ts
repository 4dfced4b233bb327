/**
 * The discount rules of spec 002 §4–§5 and §9 that the Rabatt window applies while staff edit and
 * the server applies and checks on every save (src/promotions/domain/regeln.ts), so both agree.
 */
import { gegeben, nachher, titelFolgt, type Werte } from './angebot';
import { labelFor } from './vocabulary';

export type RabattTyp = 'full' | 'percent' | 'reduction';
export type GueltigkeitsModus = 'immer' | 'zeitraum' | 'seminarbezogen';

export const GUELTIGKEITS_MODI: { value: GueltigkeitsModus; label: string }[] = [
  { value: 'immer', label: 'immer' },
  { value: 'zeitraum', label: 'Zeitraum' },
  { value: 'seminarbezogen', label: 'seminarbezogen' },
];

/** Spec 002 §4: seminarbezogen if the flag is set, zeitraum if from or to is set, otherwise immer. */
export function gueltigkeitsModus(rabatt: Werte): GueltigkeitsModus {
  if (rabatt.gueltigSeminarbezogen) return 'seminarbezogen';
  if (rabatt.gueltigVon || rabatt.gueltigBis) return 'zeitraum';
  return 'immer';
}

/** The change that choosing a validity mode makes; 'immer' clears the dates (spec 003 §4). */
export function modusWaehlen(modus: GueltigkeitsModus): Werte {
  if (modus === 'seminarbezogen') return { gueltigSeminarbezogen: true };
  if (modus === 'zeitraum') return { gueltigSeminarbezogen: false };
  return { gueltigSeminarbezogen: false, gueltigVon: null, gueltigBis: null };
}

/** Spec 002 §9: full and reduction are amounts in €, percent is in %. */
export function rabattEinheit(typ: unknown): '€' | '%' {
  return typ === 'percent' ? '%' : '€';
}

/** Spec 002 §5: minPreis is disabled for a fixed price. */
export const mindestpreisMoeglich = (typ: unknown) => typ !== 'full';

/** Spec 002 §5: a per-participant limit replaces "every X-th booking". */
export const jederXteMoeglich = (rabatt: Werte) => !(Number(rabatt.maxTeilnehmerBuchungen ?? 0) > 0);

/**
 * A discount after a change: the titles follow the internal title, a fixed price drops the minimum
 * price (a new one given with it is refused by rabattFehler), and a per-participant limit above 0 resets jederXte to 0.
 */
export function rabattFolgt(vorher: Werte, eingabe: Werte): Werte {
  const folge = titelFolgt(vorher, eingabe);
  // A minimum price the change does not set anew goes with a fixed price (also one stored before the rule).
  const neuerMindestpreis =
    gegeben(eingabe, 'minPreis') && (eingabe.minPreis ?? null) !== (vorher.minPreis ?? null);
  if (!mindestpreisMoeglich(nachher(vorher, eingabe, 'typ')) && !neuerMindestpreis && vorher.minPreis != null)
    folge.minPreis = null;
  const limitGesetzt = gegeben(eingabe, 'maxTeilnehmerBuchungen') || gegeben(eingabe, 'jederXte');
  if (
    limitGesetzt &&
    !jederXteMoeglich({ ...vorher, ...folge }) &&
    Number(nachher(vorher, folge, 'jederXte')) !== 0
  )
    folge.jederXte = 0;
  return folge;
}

const ZAEHLER = [
  'maxTeilnehmerBuchungen',
  'maxSeminarBuchungen',
  'jederXte',
  'gueltigVonTageVorSeminar',
  'gueltigBisTageVorSeminar',
] as const;

const zahl = (wert: unknown) => (typeof wert === 'number' ? wert : null);

/**
 * What is wrong with a discount after a change, as German field messages keyed by field (the labels
 * are put in front by whoever shows them). Empty when it may be saved.
 */
export function rabattFehler(vorher: Werte, eingabe: Werte): Record<string, string> {
  const wert = (feld: string) => nachher(vorher, eingabe, feld);
  const fehler: Record<string, string> = {};
  const betrag = zahl(wert('wert'));
  if (betrag !== null && betrag < 0) fehler.wert = 'darf nicht negativ sein';
  else if (wert('typ') === 'percent' && betrag !== null && betrag > 100)
    fehler.wert = 'darf als Prozentsatz höchstens 100 sein';
  const minPreis = zahl(wert('minPreis'));
  if (minPreis !== null && !mindestpreisMoeglich(wert('typ')))
    fehler.minPreis = `ist bei der Rabattart „Festpreis“ nicht möglich`;
  else if (minPreis !== null && minPreis < 0) fehler.minPreis = 'darf nicht negativ sein';
  for (const feld of ZAEHLER) {
    const n = zahl(wert(feld));
    if (n !== null && (n < 0 || !Number.isInteger(n))) fehler[feld] = 'muss eine ganze Zahl ab 0 sein';
  }
  for (const [von, bis] of [
    ['gueltigVon', 'gueltigBis'],
    ['seminareVon', 'seminareBis'],
  ]) {
    const a = wert(von);
    const b = wert(bis);
    if (typeof a === 'string' && typeof b === 'string' && a && b && b < a)
      fehler[bis] = `darf nicht vor „${labelFor('wb-rabatt', von)}“ liegen`;
  }
  const tageVon = zahl(wert('gueltigVonTageVorSeminar'));
  const tageBis = zahl(wert('gueltigBisTageVorSeminar'));
  if (wert('gueltigSeminarbezogen') && tageVon !== null && tageBis !== null && tageBis > tageVon)
    fehler.gueltigBisTageVorSeminar ??= `darf nicht größer als „${labelFor('wb-rabatt', 'gueltigVonTageVorSeminar')}“ sein`;
  return fehler;
}
