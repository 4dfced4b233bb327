/**
 * Booking transactions (Vorgänge) and their versions (spec 002 §4, spec 000 §4, DESIGN.md §4).
 * A change writes a new version and keeps the old one (`first_id` names the chain's first version,
 * `child_id` the version that replaced one); the current version has no child and is not cancelled.
 * Verifying and cancelling change the current version in place; reverting undoes the last step.
 * A transaction on an issued invoice is locked: it can only still be cancelled, which the next
 * invoice run answers with a storno invoice; nothing else about it changes, its verification neither.
 */
import { istAktuell, istNeuesteVersion } from '../../../common/vorgang';
import { DomainError } from '../../shared/domain-error';
import { moneyRangeViolation } from '../../shared/money';

// The rule of a current booking lives in common/ (the client filters by it too); billing names it here.
export {
  aktuellSql,
  AKTUELLER_VORGANG,
  istAktuell,
  istNeuesteVersion,
  NEUESTE_VERSION,
  neuesteVersionSql,
} from '../../../common/vorgang';

type Werte = Record<string, unknown>;

/**
 * What the discounts' limits count (spec 002 §9: per participant, per seminar, every X-th): the
 * current bookings of a seminar or its events. Abrechnungsspeicher's `seminarbuchungenAller`
 * selects exactly these in SQL; a booking batch keeps them in memory through its own writes.
 */
export const zaehltFuerRabattgrenzen = (t: {
  category?: unknown;
  veranstaltung_id?: unknown;
  child_id?: unknown;
  storno?: unknown;
}): boolean =>
  t.category === 'seminare' &&
  t.veranstaltung_id != null &&
  istAktuell({ child_id: t.child_id, storno: t.storno });

export interface Vorgang {
  id: number;
  first_id: number | null;
  child_id: number | null;
  storno: boolean;
  locked: boolean;
  verifiziert: boolean;
  rw_rechnung_id: number | null;
}

/** Maintained by the versioning and the invoice runs only, never by a save. */
export const VORGANG_SYSTEMFELDER = ['first_id', 'child_id', 'locked', 'rw_rechnung_id'] as const;

const konflikt = (code: string, message: string) => DomainError.conflict(code, message);

/** Only the last version of a chain is worked on; older ones are history. */
export function pruefeLetzteVersion(t: Pick<Vorgang, 'child_id'>): void {
  if (!istNeuesteVersion(t)) {
    throw konflikt(
      'VORGANG_VERALTET',
      'Dies ist eine ältere Version des Vorgangs; bearbeitet werden kann nur die aktuelle.',
    );
  }
}

/**
 * An amount is whole cents, not negative (credits arise as storno invoices, not as bookings), at
 * most what a money field takes. Null stays allowed: a booking without price (e.g. a free guest).
 */
export function pruefeBetrag(betrag: unknown): void {
  if (betrag == null) return;
  const wert = Number(betrag);
  if (typeof betrag === 'boolean' || !Number.isFinite(wert)) return; // the field check reports it
  if (wert < 0) throw DomainError.fields({ betrag: 'darf nicht negativ sein' });
  const zuGross = moneyRangeViolation(wert);
  if (zuGross) throw DomainError.fields({ betrag: zuGross });
  if (Math.abs(wert * 100 - Math.round(wert * 100)) > 1e-6)
    throw DomainError.fields({ betrag: 'darf höchstens zwei Nachkommastellen haben' });
}

/** Spec 002 §4: a transaction is verified only if it is not cancelled. */
export function pruefeVerifizierung(werte: Werte, vorher: Werte | undefined): void {
  const storno = werte.storno ?? vorher?.storno;
  if (werte.verifiziert === true && storno) {
    throw konflikt('TRANSACTION_STORNIERT', 'Eine stornierte Buchung kann nicht verifiziert werden.');
  }
}

/** Settled by an issued invoice (or locked by a run): only a cancellation still changes it. */
export const istGesperrt = (t: Pick<Vorgang, 'locked' | 'rw_rechnung_id'>) =>
  t.locked || t.rw_rechnung_id != null;

function pruefeUngesperrt(t: Vorgang): void {
  if (istGesperrt(t)) {
    throw konflikt(
      'VORGANG_GESPERRT',
      'Der Vorgang ist abgerechnet und gesperrt; er kann nur noch storniert werden.',
    );
  }
}

/** What a change of `t` may do: only the last, uncancelled, unlocked version changes. */
export function pruefeAenderung(t: Vorgang): void {
  pruefeLetzteVersion(t);
  pruefeUngesperrt(t);
  if (t.storno) throw konflikt('VORGANG_STORNIERT', 'Ein stornierter Vorgang kann nicht geändert werden.');
}

/**
 * Verifying or un-verifying changes the last version in place (issue 26): not once it is locked,
 * since the invoice that settled it was issued on that state.
 */
export function pruefeVerifizierungsAenderung(t: Vorgang): void {
  pruefeLetzteVersion(t);
  pruefeUngesperrt(t);
}

/** Cancelling is allowed on the last version, also when locked (the run then issues a storno). */
export function pruefeStornierung(t: Vorgang): void {
  pruefeLetzteVersion(t);
  if (t.storno) throw konflikt('VORGANG_STORNIERT', 'Der Vorgang ist bereits storniert.');
}

export type Zuruecksetzen = 'storno-aufheben' | 'vorige-version';

/**
 * Spec 002 §4: reverting is refused for a locked transaction and for a first version that is not
 * cancelled. A cancelled one gets its cancellation undone; otherwise the previous version becomes
 * current again and this one goes.
 */
export function zuruecksetzen(t: Vorgang): Zuruecksetzen {
  pruefeLetzteVersion(t);
  if (istGesperrt(t)) {
    throw konflikt('VORGANG_GESPERRT', 'Ein gesperrter Vorgang kann nicht zurückgesetzt werden.');
  }
  if (t.storno) return 'storno-aufheben';
  if (t.first_id == null || t.first_id === t.id) {
    throw konflikt(
      'ERSTE_VERSION',
      'Die erste Version eines Vorgangs kann nur zurückgesetzt werden, wenn sie storniert ist.',
    );
  }
  return 'vorige-version';
}

/** Whether pruefeLoeschung lets `t` go, for callers that skip instead of refusing. */
export function istLoeschbar(t: Vorgang): boolean {
  try {
    pruefeLoeschung(t);
    return true;
  } catch (fehler) {
    if (fehler instanceof DomainError) return false;
    throw fehler;
  }
}

/**
 * Only a booking entered by mistake may be deleted: unsettled, unlocked and without history
 * (earlier versions may sit on issued invoices; a booking with history is cancelled instead).
 */
export function pruefeLoeschung(t: Vorgang): void {
  if (istGesperrt(t)) {
    throw konflikt(
      'VORGANG_ABGERECHNET',
      'Ein abgerechneter oder gesperrter Vorgang kann nicht gelöscht werden; bitte stornieren.',
    );
  }
  pruefeLetzteVersion(t);
  if (t.first_id != null && t.first_id !== t.id) {
    throw konflikt(
      'VORGANG_MIT_VERLAUF',
      'Ein Vorgang mit früheren Versionen kann nicht gelöscht werden; bitte stornieren.',
    );
  }
}

/**
 * The values of the version that replaces `alt` after `aenderung`: the same booking with the
 * changed fields, in the same chain, open again (unverified unless the change verifies it).
 */
export function neueVersion(alt: Werte & Vorgang, aenderung: Werte): Werte {
  const { id, child_id: _c, createdAt: _a, updatedAt: _u, version: _v, ...bleibt } = alt;
  return {
    ...bleibt,
    verifiziert: false,
    ...aenderung,
    first_id: alt.first_id ?? id,
    child_id: null,
    storno: false,
    locked: false,
    rw_rechnung_id: null,
  };
}
