import { MigrationInterface, QueryRunner } from 'typeorm';

type Daten = Record<string, unknown>;

const MIGRATION = 'Migration 1732000060000';
const cent = (euro: unknown) => Math.round(Number(euro) * 100);
const euro = (cents: number) => cents / 100;

/** A rate the product accepts: 0–100 % with at most two decimals (domain/rechnungsbetraege.ts). */
const gueltigerSatz = (satz: unknown): satz is number =>
  typeof satz === 'number' &&
  Number.isFinite(satz) &&
  satz >= 0 &&
  satz <= 100 &&
  Math.abs(satz * 100 - Math.round(satz * 100)) < 1e-6;

interface Zeile {
  id: number;
  rechnungs_nr: string;
  betrag: unknown;
  netto: unknown;
  mwst: unknown;
  data: string | null;
}

/**
 * Issue 27: invoices the old demo seed wrote in a shape of its own (`mwst_satz` for the whole
 * invoice, `empfaenger` as a bare name, lines without rate or booking, no VAT table) rendered
 * "USt. NaN %" without VAT table, and their storno negated nothing. What was issued is still in
 * them: the rate, the name, the gross / net / VAT columns. Where those agree, the invoice gets the
 * product's shape from them — the VAT table from the columns, the rate on every line, the name as
 * `empfaenger.name` (no address: none was issued). Old keys stay.
 *
 * A storno repeats the lines and the VAT table negated, so it is exact only if the lines add up to
 * the gross amount and each line is one of the invoice's bookings (matched by title, participant
 * and amount, which also gives its `vorgang_id`). An invoice where that fails — the old seed's own
 * stornos, whose lines are positive — is marked `altes_format` with the German reason, and billing's
 * storno refuses it (domain/rechnung.ts). Every changed invoice gets an audit entry with its
 * content before and after: nothing issued changes silently.
 */
export class OldInvoiceShape1732000060000 implements MigrationInterface {
  name = 'OldInvoiceShape1732000060000';

  async up(qr: QueryRunner): Promise<void> {
    const zeilen: Zeile[] = await qr.query(
      "SELECT id, rechnungs_nr, betrag, netto, mwst, data FROM rw_rechnung WHERE data LIKE '%mwst_satz%' ORDER BY id",
    );
    for (const zeile of zeilen) {
      const vorher = JSON.parse(zeile.data ?? 'null') as Daten | null;
      if (!vorher || Array.isArray(vorher.steuern) || !('mwst_satz' in vorher)) continue;
      const nachher = await this.umgestellt(qr, zeile, vorher);
      await qr.query('UPDATE rw_rechnung SET data = ? WHERE id = ?', [JSON.stringify(nachher), zeile.id]);
      await qr.query(
        'INSERT INTO audit (user_name, resource, record_id, action, changes) VALUES (?, ?, ?, ?, ?)',
        [
          MIGRATION,
          'rw-rechnung',
          zeile.id,
          'update',
          JSON.stringify({ data: { before: vorher, after: nachher } }),
        ],
      );
    }
  }

  /** The repaired content, or the marked one with what is added exactly. */
  private async umgestellt(qr: QueryRunner, zeile: Zeile, data: Daten): Promise<Daten> {
    const satz = data.mwst_satz;
    const [brutto, netto, mwst] = [cent(zeile.betrag), cent(zeile.netto), cent(zeile.mwst)];
    if (!gueltigerSatz(satz)) return { ...data, altes_format: 'ohne gültigen Umsatzsteuersatz' };
    if (![brutto, netto, mwst].every(Number.isSafeInteger) || netto + mwst !== brutto)
      return { ...data, altes_format: 'Netto und Umsatzsteuer ergeben nicht den Rechnungsbetrag' };
    const positionen = (Array.isArray(data.positionen) ? data.positionen : []) as Daten[];
    const ergaenzt: Daten = {
      ...data,
      empfaenger:
        typeof data.empfaenger === 'string' ? { name: data.empfaenger, adresse: null } : data.empfaenger,
      positionen: positionen.map((p) => ({ ...p, mwst: satz })),
      steuern: [{ satz, brutto: euro(brutto), netto: euro(netto), mwst: euro(mwst) }],
    };
    if (positionen.length === 0 || positionen.reduce((s, p) => s + cent(p.betrag), 0) !== brutto)
      return { ...ergaenzt, altes_format: 'die Positionen ergeben nicht den Rechnungsbetrag' };
    const vorgaenge: { id: number; titel: string | null; teilnehmer: string | null; betrag: unknown }[] =
      await qr.query(
        'SELECT id, titel, teilnehmer, betrag FROM rw_transaction WHERE rw_rechnung_id = ? ORDER BY id',
        [zeile.id],
      );
    const frei = [...vorgaenge];
    const zugeordnet = positionen.map((p) => {
      const i = frei.findIndex(
        (t) =>
          (t.titel ?? null) === (p.titel ?? null) &&
          (t.teilnehmer ?? null) === (p.teilnehmer ?? null) &&
          cent(t.betrag) === cent(p.betrag),
      );
      return i < 0 ? null : frei.splice(i, 1)[0].id;
    });
    if (zugeordnet.some((id) => id === null))
      return { ...ergaenzt, altes_format: 'die Positionen lassen sich nicht den Vorgängen zuordnen' };
    return {
      ...ergaenzt,
      positionen: positionen.map((p, i) => ({
        vorgang_id: Number(zugeordnet[i]),
        titel: p.titel ?? null,
        teilnehmer: p.teilnehmer ?? null,
        betrag: p.betrag,
        mwst: satz,
      })),
    };
  }

  async down(): Promise<void> {
    // The repaired content stays: each invoice's audit entry holds what it was before.
  }
}
