/**
 * Payments of invoices (issue 28): bank statements (camt.053.001.08) read and matched, entries
 * staff assign by hand or mark as not an invoice, and invoices marked paid by hand. Every booked
 * payment recomputes the invoice's payment status (domain/zahlung.ts) and is audited; one
 * statement is one database transaction, and an entry whose bank reference is known is skipped,
 * so the same statement twice changes nothing.
 */
import { berlinDatum } from '../../../common/kalender';
import { Injectable } from '@nestjs/common';
import type { Actor } from '../../platform/audit/audit-trail';
import { DomainError } from '../../shared/domain-error';
import { centsToEuros, eurosToCents } from '../../shared/money';
import { leseKontoauszug, type Kontobuchung } from '../domain/kontoauszug';
import { pruefeManuellBezahlt, pruefeRuecklastschrift } from '../domain/zahlung';
import {
  BETRAG_FEHLT,
  gleicheAb,
  istZuordnung,
  nummernImText,
  sammelId,
  type Abgleichsrechnung,
  type Sammelbuchung,
} from '../domain/zahlungsabgleich';
import { sepaAuswahl } from './abrechnungen';
import { Abrechnungsspeicher, type BillingTx, type Rechnung } from './ports/abrechnungsspeicher';
import { Uhr } from './ports/uhr';
import { Zahlungsspeicher, type ZahlungsTx } from './ports/zahlungsspeicher';
import { alsBetrag, bucheZahlungen } from './zahlungsbuchung';

export interface Importergebnis {
  /** Booked entries in the file. */
  buchungen: number;
  /** Entries matched to invoices and booked as payments. */
  zugeordnet: number;
  /** Entries waiting in the reconciliation list. */
  offen: number;
  /** Entries imported before (same bank reference): left as they were. */
  bekannt: number;
}

@Injectable()
export class Zahlungen {
  constructor(
    private readonly speicher: Abrechnungsspeicher,
    private readonly zahlungen: Zahlungsspeicher,
    private readonly uhr: Uhr,
  ) {}

  /** Manual "bezahlt" on `datum` (YYYY-MM-DD): the open rest as one payment. */
  async manuellBezahlt(
    id: number,
    datum: string,
    actor: Actor | null,
  ): Promise<{ zahlstatus: string | null }> {
    return this.speicher.transaktion(async (tx) => {
      const ztx = this.zahlungen.in(tx.transaktion);
      const rechnung = await this.rechnung(tx, id);
      const bisher = (await ztx.zahlungen([id])).map(alsBetrag);
      const offen = pruefeManuellBezahlt(
        { ...rechnung, betrag: eurosToCents(Number(rechnung.betrag ?? 0)) },
        bisher,
        datum,
        berlinDatum(this.uhr.jetzt()),
      );
      await bucheZahlungen(
        tx,
        ztx,
        [{ rechnung: id, betrag: offen, art: 'eingang', quelle: 'manuell', datum }],
        actor,
      );
      return { zahlstatus: (await tx.rechnungGesperrt(id))?.zahlstatus ?? null };
    });
  }

  /** A camt.053.001.08 statement: every booked entry stored once, matched ones booked as payments. */
  async importiere(xml: string, actor: Actor | null): Promise<Importergebnis> {
    const buchungen = leseKontoauszug(xml);
    if (buchungen.length === 0)
      throw DomainError.invalid('KONTOAUSZUG', 'Der Kontoauszug enthält keine gebuchten Umsätze.');
    return this.speicher.transaktion(async (tx) => {
      const ztx = this.zahlungen.in(tx.transaktion);
      const bekannt = new Set(await ztx.bekannteReferenzen(buchungen.map((b) => b.referenz)));
      const ergebnis: Importergebnis = { buchungen: buchungen.length, zugeordnet: 0, offen: 0, bekannt: 0 };
      for (const b of buchungen) {
        if (bekannt.has(b.referenz)) {
          ergebnis.bekannt += 1;
          continue;
        }
        bekannt.add(b.referenz);
        const abgleich = await this.abgleich(tx, ztx, b);
        const zuordnung = istZuordnung(abgleich) ? abgleich : null;
        const postenId = await ztx.postenAnlegen({
          referenz: b.referenz,
          auszug: b.auszug,
          datum: b.datum,
          betrag: centsToEuros(b.betrag),
          gutschrift: b.gutschrift,
          ruecklastschrift: b.ruecklastschrift,
          rueckgabegrund: b.rueckgabegrund,
          gebuehr: b.gebuehr ? centsToEuros(b.gebuehr) : null,
          name: b.name?.slice(0, 140) ?? null,
          iban: b.iban,
          verwendungszweck: b.verwendungszweck.slice(0, 500) || null,
          end_to_end_referenz: b.endToEndIds[0] ?? null,
          sammler_referenz: b.zahlungsIds[0] ?? null,
          status: zuordnung ? 'zugeordnet' : 'offen',
          grund: abgleich && 'grund' in abgleich ? abgleich.grund : null,
          rw_rechnung_id: zuordnung?.rw_rechnung_id ?? null,
          rw_abrechnung_id: zuordnung?.rw_abrechnung_id ?? null,
          admin_name: zuordnung ? (actor?.name ?? null) : null,
        });
        if (!zuordnung) {
          ergebnis.offen += 1;
          continue;
        }
        ergebnis.zugeordnet += 1;
        await bucheZahlungen(
          tx,
          ztx,
          zuordnung.zahlungen.map((z) => ({
            ...z,
            quelle: zuordnung.rw_abrechnung_id ? 'sepa_sammler' : 'kontoauszug',
            datum: b.datum,
            bank_referenz: b.referenz,
            gebuehr: b.ruecklastschrift ? b.gebuehr : null,
            rueckgabegrund: b.rueckgabegrund,
            rw_kontoauszug_posten_id: postenId,
          })),
          actor,
        );
      }
      return ergebnis;
    });
  }

  /** Staff assign an entry of the reconciliation list to an invoice: its amount becomes a payment. */
  async zuordnen(postenId: number, rechnungId: number, actor: Actor | null): Promise<void> {
    await this.speicher.transaktion(async (tx) => {
      const ztx = this.zahlungen.in(tx.transaktion);
      const posten = await this.offenerPosten(ztx, postenId);
      const rechnung = await this.rechnung(tx, rechnungId);
      if (rechnung.storno_parent_id != null)
        throw DomainError.conflict(
          'STORNO',
          'Ein Kontoauszugsposten kann keiner Storno-Rechnung zugeordnet werden.',
        );
      const betrag = eurosToCents(Number(posten.betrag));
      const gebuehr = eurosToCents(Number(posten.gebuehr ?? 0));
      const rueck = posten.ruecklastschrift;
      if (!posten.gutschrift && !rueck)
        throw DomainError.conflict(
          'LASTSCHRIFT',
          'Eine Abbuchung kann keiner Rechnung als Zahlung zugeordnet werden; bitte als „keine Rechnung“ markieren.',
        );
      const zurueck = rueck
        ? pruefeRuecklastschrift(rechnung, (await ztx.zahlungen([rechnungId])).map(alsBetrag), {
            betrag,
            gebuehr,
          })
        : 0;
      await ztx.postenAendern(postenId, {
        status: 'zugeordnet',
        rw_rechnung_id: rechnungId,
        admin_name: actor?.name ?? null,
      });
      await bucheZahlungen(
        tx,
        ztx,
        [
          {
            rechnung: rechnungId,
            betrag: rueck ? -zurueck : betrag,
            art: rueck ? 'ruecklastschrift' : 'eingang',
            quelle: 'kontoauszug',
            datum: posten.datum,
            bank_referenz: posten.referenz,
            gebuehr: rueck ? gebuehr : null,
            rueckgabegrund: posten.rueckgabegrund,
            rw_kontoauszug_posten_id: postenId,
          },
        ],
        actor,
      );
    });
  }

  /** Staff say an entry of the reconciliation list pays no invoice. */
  async keineRechnung(postenId: number, actor: Actor | null): Promise<void> {
    await this.speicher.transaktion(async (tx) => {
      const ztx = this.zahlungen.in(tx.transaktion);
      await this.offenerPosten(ztx, postenId);
      await ztx.postenAendern(postenId, { status: 'keine_rechnung', admin_name: actor?.name ?? null });
      await tx.protokolliere({
        actor,
        resource: 'rw-kontoauszug-posten',
        recordId: postenId,
        action: 'update',
        changes: { status: { before: 'offen', after: 'keine_rechnung' } },
      });
    });
  }

  private async rechnung(tx: BillingTx, id: number): Promise<Rechnung> {
    const rechnung = await tx.rechnungGesperrt(id);
    if (!rechnung) throw DomainError.notFound('NOT_FOUND', `Rechnung ${id} wurde nicht gefunden.`);
    return rechnung;
  }

  private async offenerPosten(ztx: ZahlungsTx, id: number) {
    const posten = await ztx.postenGesperrt(id);
    if (!posten) throw DomainError.notFound('NOT_FOUND', `Kontoauszugsposten ${id} wurde nicht gefunden.`);
    if (posten.status !== 'offen')
      throw DomainError.conflict('ZUGEORDNET', 'Dieser Kontoauszugsposten ist bereits erledigt.');
    return posten;
  }

  /**
   * The entry matched first against the invoices it names (end-to-end id, remittance text); the open
   * invoices of its amount are read only when the domain asks for them (BETRAG_FEHLT): common amounts
   * such as 39,00 € stand for thousands of open invoices (issue 33).
   */
  private async abgleich(tx: BillingTx, ztx: ZahlungsTx, b: Kontobuchung) {
    const sammler = await this.sammler(tx, b);
    const genannt = await ztx.rechnungenMitNummern([...b.endToEndIds, ...nummernImText(b.verwendungszweck)]);
    const ergebnis = gleicheAb(b, await this.abgleichsrechnungen(ztx, genannt), sammler, true);
    if (ergebnis !== BETRAG_FEHLT) return ergebnis;
    const gleicherBetrag = await ztx.offeneRechnungenMitBetrag(centsToEuros(b.betrag));
    const alle = [...new Map([...genannt, ...gleicherBetrag].map((r) => [r.id, r])).values()];
    return gleicheAb(b, await this.abgleichsrechnungen(ztx, alle), sammler);
  }

  /** Invoices with what is still open of each and the account they were to be paid from. */
  private async abgleichsrechnungen(ztx: ZahlungsTx, rechnungen: Rechnung[]): Promise<Abgleichsrechnung[]> {
    const zahlungen = await ztx.zahlungen(rechnungen.map((r) => r.id));
    return rechnungen.map((r) => {
      const betrag = eurosToCents(Number(r.betrag ?? 0));
      const bezahlt = zahlungen
        .filter((z) => z.rw_rechnung_id === r.id)
        .reduce((s, z) => s + eurosToCents(Number(z.betrag)), 0);
      const konto = (r.data as { bezahlung?: { konto?: { iban?: string | null } | null } } | null)?.bezahlung
        ?.konto;
      return {
        id: r.id,
        rechnungs_nr: r.rechnungs_nr,
        betrag,
        offen: betrag - bezahlt,
        zahlstatus: r.zahlstatus ?? null,
        iban: konto?.iban ?? null,
      };
    });
  }

  /** The summary a batch entry names, with the payments of its SEPA file (Abrechnungen.sepa()). */
  private async sammler(tx: BillingTx, b: Kontobuchung): Promise<Sammelbuchung | null> {
    const id = b.zahlungsIds.map(sammelId).find((s) => s != null);
    if (!id) return null;
    const rechnungen = await tx.rechnungenDerAbrechnung(id.abrechnung);
    const datei = async (ohneVerrechnung: boolean) => {
      const { lastschriften, erstattungen } = await sepaAuswahl(tx, rechnungen, ohneVerrechnung);
      return id.art === 'lastschrift'
        ? lastschriften.map((r) => ({ rechnung: r.id, betrag: r.betrag }))
        : erstattungen.map((r) => ({ rechnung: r.storno_parent_id!, betrag: -r.betrag }));
    };
    return { ...id, varianten: [await datei(false), await datei(true)] };
  }
}
