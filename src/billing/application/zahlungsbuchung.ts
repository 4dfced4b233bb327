/**
 * Booking payments on invoices (issue 28), shared by the statement import, manual "bezahlt" and
 * the storno's netting: each payment audited on its invoice, then the invoice's payment status
 * recomputed from all its payments by domain/zahlung.ts.
 */
import type { Actor } from '../../platform/audit/audit-trail';
import { centsToEuros, eurosToCents, type Cents } from '../../shared/money';
import { zahlstatus, type Zahlungsart, type Zahlungsquelle } from '../domain/zahlung';
import type { BillingTx } from './ports/abrechnungsspeicher';
import type { Zahlung, ZahlungsTx } from './ports/zahlungsspeicher';

/** A stored payment as the domain reads it: its art and signed cents. */
export const alsBetrag = (z: Pick<Zahlung, 'art' | 'betrag'>) => ({
  art: z.art,
  betrag: eurosToCents(Number(z.betrag)),
});

export interface NeuePosition {
  rechnung: number;
  betrag: Cents;
  art: Zahlungsart;
  quelle: Zahlungsquelle;
  datum: string | null;
  bank_referenz?: string | null;
  gebuehr?: Cents | null;
  rueckgabegrund?: string | null;
  rw_kontoauszug_posten_id?: number | null;
}

/**
 * Books payments in the caller's transaction: each row audited on its invoice, then the status of
 * every invoice touched recomputed from all its payments.
 */
export async function bucheZahlungen(
  tx: BillingTx,
  ztx: ZahlungsTx,
  positionen: readonly NeuePosition[],
  actor: Actor | null,
): Promise<void> {
  for (const p of positionen) {
    const werte = {
      rw_rechnung_id: p.rechnung,
      datum: p.datum,
      betrag: centsToEuros(p.betrag),
      art: p.art,
      quelle: p.quelle,
      bank_referenz: p.bank_referenz ?? null,
      gebuehr: p.gebuehr ? centsToEuros(p.gebuehr) : null,
      rueckgabegrund: p.rueckgabegrund ?? null,
      rw_kontoauszug_posten_id: p.rw_kontoauszug_posten_id ?? null,
      admin_name: actor?.name ?? null,
    };
    await ztx.zahlungAnlegen(werte);
    const { rw_rechnung_id: _rechnung, ...zahlung } = werte;
    await tx.protokolliere({
      actor,
      resource: 'rw-rechnung',
      recordId: p.rechnung,
      action: 'zahlung',
      changes: Object.fromEntries(Object.entries(zahlung).map(([k, v]) => [k, { before: null, after: v }])),
    });
  }
  for (const id of new Set(positionen.map((p) => p.rechnung))) {
    const rechnung = await tx.rechnungGesperrt(id);
    if (!rechnung) continue;
    const status = zahlstatus(
      eurosToCents(Number(rechnung.betrag ?? 0)),
      (await ztx.zahlungen([id])).map(alsBetrag),
    );
    if (status !== (rechnung.zahlstatus ?? null)) {
      await tx.rechnungenAendern([id], { zahlstatus: status });
      await tx.protokolliere({
        actor,
        resource: 'rw-rechnung',
        recordId: id,
        action: 'update',
        changes: { zahlstatus: { before: rechnung.zahlstatus ?? null, after: status } },
      });
    }
  }
}
