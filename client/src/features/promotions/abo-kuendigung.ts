/** The „Kündigen“ dialog's request and warning (spec 003 §4–§5, §7), pure. */

export type KuendigungsArt = 'widerrufen' | 'kuendigen';

export const KUENDIGUNG_VERGANGEN =
  'Achtung: Die Kündigung liegt in der Vergangenheit, bereits vergangene Seminare können betroffen sein.';

export interface KuendigungsWahl {
  art: KuendigungsArt;
  /** The Abo cancels on a date instead of a period end. */
  sofort: boolean;
  turnusId: number | null;
  datum: string;
  loeschen: boolean;
  admin: string;
}

/** The verb and body: `…/cancel_storno` to revoke, `…/storno` with the period end or the date. */
export function kuendigungsAnfrage(wahl: KuendigungsWahl): {
  verb: 'storno' | 'cancel_storno';
  body: object;
} {
  if (wahl.art === 'widerrufen') return { verb: 'cancel_storno', body: { admin: wahl.admin } };
  return {
    verb: 'storno',
    body: {
      admin: wahl.admin,
      storno_turnus_id: wahl.sofort ? null : wahl.turnusId,
      date: wahl.sofort ? wahl.datum : null,
      delete_unsettled_transactions: wahl.loeschen,
    },
  };
}

/** Spec 003 §5: an end in the past only warns that already past seminars may be affected. */
export function kuendigungsWarnung(art: KuendigungsArt, ende: string, heute: string): string | null {
  return art === 'kuendigen' && ende !== '' && ende < heute ? KUENDIGUNG_VERGANGEN : null;
}
