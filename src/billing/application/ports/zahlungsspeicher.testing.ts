/**
 * Zahlungsspeicher in memory, for unit tests of billing's use cases: it works on the tables of the
 * AbrechnungsspeicherInMemory unit of work it is given (its `transaktion` carries them), so its
 * writes are kept or dropped with that unit of work.
 */
import type { Transaktion } from '../../../platform/database/transaktion';
import { kopie, type Tabellen } from './abrechnungsspeicher.testing';
import {
  Zahlungsspeicher,
  type Kontoauszugsposten,
  type NeuerPosten,
  type NeueZahlung,
  type ZahlungsTx,
} from './zahlungsspeicher';

const tabellenVon = (tx: Transaktion) => (tx as unknown as { tabellen: Tabellen }).tabellen;

class ZahlungsTxInMemory implements ZahlungsTx {
  constructor(private readonly t: Tabellen) {}

  async zahlungen(rechnungIds: number[]) {
    return this.t.zahlungen.filter((z) => rechnungIds.includes(z.rw_rechnung_id));
  }

  async zahlungAnlegen(werte: NeueZahlung) {
    const id = this.t.naechsteId++;
    this.t.zahlungen.push({ ...werte, id });
    return id;
  }

  async bekannteReferenzen(referenzen: string[]) {
    return this.t.kontoauszug.filter((p) => referenzen.includes(p.referenz)).map((p) => p.referenz);
  }

  async postenAnlegen(werte: NeuerPosten) {
    const id = this.t.naechsteId++;
    this.t.kontoauszug.push({ ...werte, id });
    return id;
  }

  async postenGesperrt(id: number): Promise<Kontoauszugsposten | null> {
    return this.t.kontoauszug.find((p) => p.id === id) ?? null;
  }

  async postenAendern(id: number, werte: Partial<Kontoauszugsposten>) {
    Object.assign(
      this.t.kontoauszug.find((p) => p.id === id)!,
      werte,
    );
  }

  async rechnungenMitNummern(nummern: string[]) {
    return this.t.rechnungen
      .filter((r) => r.storno_parent_id == null && nummern.includes(r.rechnungs_nr))
      .map(kopie);
  }

  async offeneRechnungenMitBetrag(betrag: number) {
    return this.t.rechnungen
      .filter(
        (r) =>
          r.betrag === betrag && r.zahlstatus != null && !['bezahlt', 'erstattet'].includes(r.zahlstatus),
      )
      .map(kopie);
  }

  async lastschriftHeruntergeladen(abrechnungId: number) {
    return this.t.abrechnungsLog.some((l) => l.rw_abrechnung_id === abrechnungId && l.type === 'sepaDebit');
  }
}

export class ZahlungsspeicherInMemory extends Zahlungsspeicher {
  in(tx: Transaktion): ZahlungsTx {
    return new ZahlungsTxInMemory(tabellenVon(tx));
  }
}
