import { Nummernvergabe } from './nummernvergabe';
import type { BillingTx } from './ports/abrechnungsspeicher';
import { AbrechnungsspeicherInMemory } from './ports/abrechnungsspeicher.testing';

const DATUM = new Date('2026-03-10T09:00:00Z');

function aufbau() {
  const speicher = new AbrechnungsspeicherInMemory();
  speicher.tabellen.kreise.set(1, { template: 'RE-{YYYY}-{NR:4}', current_nr: 41, offset_nr: 0 });
  speicher.tabellen.kreise.set(2, { template: 'S{NR}', current_nr: 0, offset_nr: 500 });
  speicher.tabellen.debitorKreise.set(3, { template: null, current_nr: 6, offset_nr: 10000 });
  return { speicher, nummern: new Nummernvergabe() };
}

describe('Nummernvergabe (against the in-memory Abrechnungsspeicher)', () => {
  it("counts on from the locked circles and stores each circle's counter once, in the caller's transaction", async () => {
    const { speicher, nummern } = aufbau();
    const gesetzt: [string, number, number][] = [];

    const vergeben = await speicher.transaktion(async (tx) => {
      const beobachtet = Object.create(tx) as BillingTx;
      beobachtet.kreisZaehlerSetzen = async (art, id, nr) => {
        gesetzt.push([art, id, nr]);
        return tx.kreisZaehlerSetzen(art, id, nr);
      };
      const block = await nummern.sperren(beobachtet, [2, 1]);
      const nummernListe = [block.naechste(1, DATUM), block.naechste(1, DATUM), block.naechste(2, DATUM)];
      await block.schreiben();
      return nummernListe;
    });

    expect(vergeben).toEqual(['RE-2026-0042', 'RE-2026-0043', 'S501']);
    expect(gesetzt).toEqual([
      ['rechnung', 1, 43],
      ['rechnung', 2, 1],
    ]);
    expect(speicher.tabellen.kreise.get(1)!.current_nr).toBe(43);
    expect(speicher.tabellen.kreise.get(2)!.current_nr).toBe(1);
  });

  it('gives the number back when the transaction that took it fails: numbers stay gapless', async () => {
    const { speicher, nummern } = aufbau();
    const naechste = async (tx: BillingTx) => {
      const block = await nummern.sperren(tx, [1]);
      const nummer = block.naechste(1, DATUM);
      await block.schreiben();
      return nummer;
    };

    await expect(
      speicher.transaktion(async (tx) => {
        await naechste(tx);
        throw new Error('Dokument nicht geschrieben');
      }),
    ).rejects.toThrow('Dokument nicht geschrieben');
    const danach = await speicher.transaktion(naechste);

    expect(danach).toBe('RE-2026-0042');
  });

  it('refuses a circle that no longer exists, in German, and one not locked before', async () => {
    const { speicher, nummern } = aufbau();

    await speicher.transaktion(async (tx) => {
      const block = await nummern.sperren(tx, [9]);
      expect(() => block.naechste(9, DATUM)).toThrow(
        expect.objectContaining({
          code: 'KREIS_FEHLT',
          message: 'Der Rechnungs-Kreis 9 existiert nicht mehr.',
        }),
      );
      expect(() => block.naechste(1, DATUM)).toThrow('Der Rechnungs-Kreis 1 wurde nicht vorher gesperrt.');
    });
  });

  it("a debtor number is the circle's offset plus its counter; none without the circle", async () => {
    const { speicher, nummern } = aufbau();

    const [erste, zweite, ohne] = await speicher.transaktion(async (tx) => [
      await nummern.naechsteDebitorNummer(tx, 3, DATUM),
      await nummern.naechsteDebitorNummer(tx, 3, DATUM),
      await nummern.naechsteDebitorNummer(tx, 4, DATUM),
    ]);

    expect([erste, zweite, ohne]).toEqual([10007, 10008, null]);
    expect(speicher.tabellen.debitorKreise.get(3)!.current_nr).toBe(8);
    // The invoice circle of the same id is not touched.
    expect(speicher.tabellen.kreise.get(1)!.current_nr).toBe(41);
  });

  it('locks circles in ascending id order, so that runs sharing circles cannot deadlock', async () => {
    const { speicher, nummern } = aufbau();
    const gesperrt: number[] = [];
    const kreisIds = [2, 1, 3];

    await speicher.transaktion(async (tx) => {
      const beobachtet = Object.create(tx) as BillingTx;
      beobachtet.rechnungsKreisGesperrt = async (id) => {
        gesperrt.push(id);
        return tx.rechnungsKreisGesperrt(id);
      };
      await nummern.sperren(beobachtet, kreisIds);
    });

    expect(gesperrt).toEqual([1, 2, 3]);
    expect(kreisIds).toEqual([2, 1, 3]);
  });
});
