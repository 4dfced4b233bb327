/**
 * What a seminar or event save must satisfy (spec 001 §4–§5, issue 10): the transitions the edit
 * windows apply (common/seminar.ts), then the checks of the values after the change. Refusals are
 * field errors; the generic writer names the fields by their German labels.
 */
import {
  eventFolgt,
  KOSTEN_BETRAEGE,
  PREIS_STUFEN,
  seminarFolgt,
  STUNDEN_SCHRITT,
  type EventBezug,
  type TypVorgaben,
  type Werte,
} from '../../../common/seminar';
import { DomainError } from '../../shared/domain-error';
import { berlinText, istUhrzeit, type Zeitraum } from './termin';

type Fehler = Record<string, string>;

const gegeben = (werte: Werte, feld: string) => werte[feld] !== undefined && werte[feld] !== null;

/** At most two decimals, without binary noise (0.1 + 0.2 counts as 0.3). */
const hundertstel = (wert: number) => Math.abs(wert * 100 - Math.round(wert * 100)) < 1e-6;

/** Whether `wert` is a whole multiple of `schritt` (both decimals; compared in integer hundredths). */
const vielfaches = (wert: number, schritt: number) =>
  hundertstel(wert) && Math.round(wert * 100) % Math.round(schritt * 100) === 0;

/** Spec 001 §5: prices at least 0 with 2 decimals; costs the same. */
export function betragFehler(wert: unknown): string | null {
  if (typeof wert !== 'number') return null;
  if (wert < 0) return 'darf nicht negativ sein';
  if (!hundertstel(wert)) return 'darf höchstens zwei Nachkommastellen haben';
  return null;
}

/** Spec 001 §5: expert and pass hours at least 0, in steps of 0.05. */
export function stundenFehler(wert: unknown): string | null {
  if (typeof wert !== 'number') return null;
  if (wert < 0) return 'darf nicht negativ sein';
  if (!vielfaches(wert, STUNDEN_SCHRITT)) return 'muss in Schritten von 0,05 angegeben werden';
  return null;
}

/** A VAT rate in percent. */
export function mwstFehler(wert: unknown): string | null {
  if (typeof wert !== 'number') return null;
  return wert < 0 || wert > 100 ? 'muss zwischen 0 und 100 liegen' : null;
}

/** Prices and hours of the values being saved (seminar and event alike). */
function preisUndStundenFehler(werte: Werte): Fehler {
  const fehler: Fehler = {};
  for (const n of PREIS_STUFEN) {
    const meldung = betragFehler(werte[`preis${n}`]);
    if (meldung) fehler[`preis${n}`] = meldung;
  }
  for (const feld of ['fachberater_stunden', 'fortbildungspass_stunden']) {
    const meldung = stundenFehler(werte[feld]);
    if (meldung) fehler[feld] = meldung;
  }
  return fehler;
}

function werfen(fehler: Fehler): void {
  if (Object.keys(fehler).length > 0) throw DomainError.fields(fehler);
}

/** ISO text of a date-only value or an instant, so that both compare as strings. */
const zeitText = (wert: unknown) => (wert instanceof Date ? wert.toISOString() : String(wert));

/** `bis` must not lie before `von` (after the change); the error names `bis`, the label of `von` is given. */
export function zeitraumFehler(
  vorher: Werte,
  eingabe: Werte,
  von: string,
  bis: string,
  vonLabel: string,
): Fehler {
  const a = eingabe[von] !== undefined ? eingabe[von] : vorher[von];
  const b = eingabe[bis] !== undefined ? eingabe[bis] : vorher[bis];
  if (a === null || a === undefined || b === null || b === undefined) return {};
  return zeitText(b) < zeitText(a) ? { [bis]: `darf nicht vor „${vonLabel}“ liegen` } : {};
}

/**
 * A seminar save: `vorher` the stored seminar (undefined when new), `eingabe` the checked column
 * values, `typ` its type after the change, `events` the span of its dated events. Answers the
 * values to store.
 */
export function seminarSpeichern(
  vorher: Werte | undefined,
  eingabe: Werte,
  { typ, events }: { typ: TypVorgaben | null; events: Zeitraum | null },
): Werte {
  const werte = seminarFolgt(vorher ?? {}, eingabe, typ);
  const nach = { ...vorher, ...werte };
  const fehler: Fehler = preisUndStundenFehler(werte);
  if (nach.ringseminar && nach.nicht_gesamt_buchbar)
    fehler.ringseminar = 'ist bei nicht gesamt buchbaren Seminaren nicht möglich';
  const mwst = werte.mwst;
  if (typeof mwst === 'number' && mwst !== vorher?.mwst) {
    const bereich = mwstFehler(mwst);
    if (bereich) fehler.mwst = bereich;
    // The checkbox of spec 001 §5 switches between the type's rate and none.
    else if (typ && mwst !== 0 && mwst !== typ.mwst)
      fehler.mwst =
        typ.mwst === 0
          ? 'muss 0 sein, der Seminar-Typ hat keine MwSt.'
          : `muss 0 oder der Satz des Seminar-Typs (${String(typ.mwst).replace('.', ',')} %) sein`;
  }
  Object.assign(
    fehler,
    zeitraumFehler(vorher ?? {}, werte, 'beginn', 'ende', 'Beginn'),
    eventsAusserhalbFehler(vorher ?? {}, werte, events),
  );
  werfen(fehler);
  return werte;
}

/** An event's `kosten` object (spec 001 §5): Sollbuchung a whole number from 0, the rest amounts. */
function kostenFehler(kosten: unknown): Fehler {
  if (kosten === null || kosten === undefined) return {};
  if (typeof kosten !== 'object' || Array.isArray(kosten)) return { kosten: 'müssen ein Objekt sein' };
  const werte = kosten as Werte;
  const fehler: Fehler = {};
  const soll = werte.sollbuchung;
  if (gegeben(werte, 'sollbuchung') && (typeof soll !== 'number' || !Number.isInteger(soll) || soll < 0))
    fehler['kosten.sollbuchung'] = 'muss eine ganze Zahl ab 0 sein';
  for (const feld of KOSTEN_BETRAEGE) {
    const wert = werte[feld];
    if (!gegeben(werte, feld)) continue;
    const meldung = typeof wert === 'number' ? betragFehler(wert) : 'muss eine Zahl sein';
    if (meldung) fehler[`kosten.${feld}`] = meldung;
  }
  return fehler;
}

/**
 * An event save: `vorher` the stored event (undefined when new), `eingabe` the checked values,
 * `bezug` its seminar (and the content, when it changed). Answers the values to store.
 */
export function eventSpeichern(vorher: Werte | undefined, eingabe: Werte, bezug: EventBezug): Werte {
  const werte = eventFolgt(vorher ?? null, eingabe, bezug);
  const fehler: Fehler = preisUndStundenFehler(werte);
  for (const feld of ['beginn', 'ende']) {
    const wert = werte[feld];
    if (wert === '') werte[feld] = null;
    else if (typeof wert === 'string' && !istUhrzeit(wert)) fehler[feld] = 'muss eine Uhrzeit sein (HH:MM)';
  }
  if (!fehler.beginn && !fehler.ende)
    Object.assign(fehler, zeitraumFehler(vorher ?? {}, werte, 'beginn', 'ende', 'Beginn (Uhrzeit)'));
  Object.assign(fehler, kostenFehler(werte.kosten));
  werfen(fehler);
  return werte;
}

/**
 * A seminar's dates edited by hand must still hold its dated events (issue 10): it follows their
 * first start and last end (termin.ts), so a beginn after the first or an ende before the last
 * would leave an event outside its seminar.
 */
function eventsAusserhalbFehler(vorher: Werte, eingabe: Werte, spanne: Zeitraum | null): Fehler {
  if (!spanne) return {};
  const fehler: Fehler = {};
  const geaendert = (feld: string) =>
    gegeben(eingabe, feld) && zeitText(eingabe[feld]) !== zeitText(vorher[feld]);
  if (geaendert('beginn') && new Date(zeitText(eingabe.beginn)) > spanne.beginn)
    fehler.beginn = `liegt nach dem Beginn der ersten Veranstaltung (${berlinText(spanne.beginn)})`;
  if (geaendert('ende') && new Date(zeitText(eingabe.ende)) < spanne.ende)
    fehler.ende = `liegt vor dem Ende der letzten Veranstaltung (${berlinText(spanne.ende)})`;
  return fehler;
}
