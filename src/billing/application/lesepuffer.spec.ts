import { mitLesepuffer } from './lesepuffer';
import { Nummernvergabe } from './nummernvergabe';
import type { BillingTx, Buchungsvorgang } from './ports/abrechnungsspeicher';
import { AbrechnungsspeicherInMemory } from './ports/abrechnungsspeicher.testing';

/** A transaction that counts its reads: objects by kind, id and lock, groups by member. */
function zaehlendeTx() {
  const gelesen: string[] = [];
  const tx = {
    kennung: 'tx-1',
    async objekt(art: string, id: number, sperren = false) {
      gelesen.push(`${art}:${id}${sperren ? ' gesperrt' : ''}`);
      return { id, art };
    },
    async objekte(art: string, ids: number[], sperren = false) {
      gelesen.push(`${art}:${ids.join(',')}${sperren ? ' gesperrt' : ''}`);
      return ids.map((id) => ({ id, art }));
    },
    async gruppenVon(benutzerId: number) {
      gelesen.push(`Gruppen:${benutzerId}`);
      return [4, 5];
    },
    async vorgaenge(this: { kennung: string }) {
      return [{ id: 1, von: this.kennung }];
    },
  } as unknown as BillingTx;
  return { tx, gelesen };
}

describe('mitLesepuffer (a booking batch reads what its bookings name once)', () => {
  it('reads an object and a member’s groups once per batch', async () => {
    const { tx, gelesen } = zaehlendeTx();
    const sicht = mitLesepuffer(tx);

    expect(await sicht.objekt('Benutzer', 10)).toEqual({ id: 10, art: 'Benutzer' });
    await sicht.objekt('Benutzer', 10);
    await sicht.objekt('Benutzer', 11);
    await sicht.gruppenVon(10);
    const gruppen = await sicht.gruppenVon(10);
    gruppen.push(99);

    expect(await sicht.gruppenVon(10)).toEqual([4, 5]);
    expect(gelesen).toEqual(['Benutzer:10', 'Benutzer:11', 'Gruppen:10']);
  });

  it('takes a lock once: a locked read after a plain one reads again, later reads keep the locked row', async () => {
    const { tx, gelesen } = zaehlendeTx();
    const sicht = mitLesepuffer(tx);

    await sicht.objekt('Veranstaltung', 7);
    await sicht.objekt('Veranstaltung', 7, true);
    await sicht.objekt('Veranstaltung', 7, true);
    await sicht.objekt('Veranstaltung', 7);

    expect(gelesen).toEqual(['Veranstaltung:7', 'Veranstaltung:7 gesperrt']);
  });

  it('locks up front what is not locked yet, then answers the locked reads from what it read', async () => {
    const { tx, gelesen } = zaehlendeTx();
    const sicht = mitLesepuffer(tx);

    await sicht.vorladen('Veranstaltung', [7, 8]);
    await sicht.objekt('Veranstaltung', 9, true);
    await sicht.vorladen('Veranstaltung', [8, 9, 7, 8], true);
    expect(await sicht.objekt('Veranstaltung', 8, true)).toEqual({ id: 8, art: 'Veranstaltung' });
    await sicht.objekt('Veranstaltung', 7, true);

    expect(gelesen).toEqual(['Veranstaltung:7,8', 'Veranstaltung:9 gesperrt', 'Veranstaltung:8,7 gesperrt']);
  });

  it('leaves everything else to the transaction, as its own method', async () => {
    const { tx } = zaehlendeTx();

    expect(await mitLesepuffer(tx).vorgaenge([1])).toEqual([{ id: 1, von: 'tx-1' }]);
  });

  describe('the bookings the discounts’ limits count', () => {
    const SEMINARE = [7, 8, 9];
    const PERSONEN = [10, 11, 12, 13];
    /** A small deterministic generator (the same steps on every run). */
    const zufall = (start: number) => {
      let x = start;
      return (n: number) => {
        x = (x * 1103515245 + 12345) % 2147483648;
        // The high bits: the low ones of this generator repeat after a few steps.
        return Math.floor((x / 2147483648) * n);
      };
    };
    const buchung = (wahl: (n: number) => number): Partial<Buchungsvorgang> => ({
      category: wahl(5) === 0 ? 'produkte' : 'seminare',
      veranstaltung_id: SEMINARE[wahl(3)],
      teilnehmer_id: PERSONEN[wahl(4)],
      benutzer_id: 10,
      storno: false,
      data: { rabatt_id: wahl(3) },
    });

    it('answer as the transaction does through every write of the batch, reading each seminar and person once', async () => {
      const speicher = new AbrechnungsspeicherInMemory();
      speicher.tabellen.naechsteId = 100;
      const wahl = zufall(42);
      await speicher.transaktion(async (tx) => {
        for (let i = 0; i < 12; i++) await tx.vorgangEinfuegen(buchung(wahl));
      });

      await speicher.transaktion(async (tx) => {
        const gelesen: string[] = [];
        const lesen = tx.seminarbuchungenAller.bind(tx);
        tx.seminarbuchungenAller = (seminare, personen) => {
          gelesen.push(`${seminare.join(',')} | ${personen.join(',')}`);
          return lesen(seminare, personen);
        };
        const sicht = mitLesepuffer(tx);
        await sicht.seminarbuchungenVorladen([7, 8], [10, 11]);
        // What the limits look at (Buchungen's `fruehere`): new rows are kept without the defaults the database adds.
        const gezaehlt = (zeilen: Buchungsvorgang[]) =>
          zeilen
            .map(({ id, benutzer_id, teilnehmer_id, veranstaltung_id, data }) => ({
              id,
              benutzer_id,
              teilnehmer_id,
              veranstaltung_id,
              data,
            }))
            .sort((a, b) => a.id - b.id);
        const vergleichen = async () => {
          for (const s of SEMINARE)
            for (const p of PERSONEN)
              expect(gezaehlt(await sicht.seminarbuchungen(s, p))).toEqual(gezaehlt(await lesen([s], [p])));
        };
        await vergleichen();
        expect(gelesen).toEqual(['7,8 | 10,11', ' | 12', ' | 13', '9 | ']);

        const ids = () => speicher.tabellen.vorgaenge.map((v) => v.id);
        const schritte: ((id: number) => Promise<unknown>)[] = [
          () => sicht.vorgangEinfuegen(buchung(wahl)),
          () => sicht.vorgaengeEinfuegen([buchung(wahl), buchung(wahl)]),
          // A new version: its copy, then the old one names it.
          async (id) => {
            const [alt] = await sicht.vorgaenge([id]);
            const neu = await sicht.vorgangEinfuegen({ ...alt, id: undefined, child_id: null, betrag: 5 });
            await sicht.vorgaengeAendern([id], { child_id: neu });
          },
          (id) => sicht.vorgaengeAendern([id], { storno: true }),
          (id) => sicht.vorgaengeAendern([id], { verifiziert: true }),
          (id) => sicht.vorgaengeAendern([id], { storno: false }),
          (id) => sicht.vorgaengeAendern([id], { child_id: null }),
          (id) => sicht.vorgangLoeschen(id),
        ];
        for (let i = 0; i < 60; i++) {
          const alle = ids();
          await schritte[wahl(schritte.length)](alle[wahl(alle.length)]);
          await vergleichen();
        }
      });
    });

    it('read nothing again while the batch only books and changes what it keeps', async () => {
      const speicher = new AbrechnungsspeicherInMemory();
      await speicher.transaktion(async (tx) => {
        const lesen = jest.spyOn(tx, 'seminarbuchungenAller');
        const sicht = mitLesepuffer(tx);
        await sicht.seminarbuchungenVorladen([7], [10]);
        const id = await sicht.vorgangEinfuegen({
          category: 'seminare',
          veranstaltung_id: 7,
          teilnehmer_id: 10,
        });
        await sicht.vorgaengeAendern([id], { storno: true });
        await sicht.vorgangEinfuegen({ category: 'seminare', veranstaltung_id: 7, teilnehmer_id: 11 });

        expect((await sicht.seminarbuchungen(7, 10)).map((v) => v.teilnehmer_id)).toEqual([11]);
        expect(lesen).toHaveBeenCalledTimes(1);
      });
    });

    it('read again when a change could make a booking count again: a storno lifted, a newer version undone', async () => {
      const speicher = new AbrechnungsspeicherInMemory();
      await speicher.transaktion(async (tx) => {
        const lesen = jest.spyOn(tx, 'seminarbuchungenAller');
        const sicht = mitLesepuffer(tx);
        const erste = await sicht.vorgangEinfuegen({
          category: 'seminare',
          veranstaltung_id: 7,
          teilnehmer_id: 10,
        });
        const zweite = await sicht.vorgangEinfuegen({
          ...(await sicht.vorgaenge([erste]))[0],
          id: undefined,
        });
        await sicht.vorgaengeAendern([erste], { child_id: zweite });
        expect((await sicht.seminarbuchungen(7, 10)).map((v) => v.id)).toEqual([zweite]);

        await sicht.vorgaengeAendern([zweite], { storno: true });
        expect(await sicht.seminarbuchungen(7, 10)).toEqual([]);
        await sicht.vorgaengeAendern([zweite], { storno: false });
        expect((await sicht.seminarbuchungen(7, 10)).map((v) => v.id)).toEqual([zweite]);
        await sicht.vorgangLoeschen(zweite);
        await sicht.vorgaengeAendern([erste], { child_id: null });
        expect((await sicht.seminarbuchungen(7, 10)).map((v) => v.id)).toEqual([erste]);
        expect(lesen).toHaveBeenCalledTimes(3);
      });
    });
  });

  it('locks an invoice circle once and writes its counter once, at the end, numbering on in between', async () => {
    const speicher = new AbrechnungsspeicherInMemory();
    speicher.tabellen.kreise.set(1, { template: 'RE-{YYYY}-{NR:3}', current_nr: 0, offset_nr: 0 });
    const datum = new Date('2026-03-10T09:00:00Z');
    const nummern: string[] = [];
    await speicher.transaktion(async (tx) => {
      const gesperrt = jest.spyOn(tx, 'rechnungsKreisGesperrt');
      const gesetzt = jest.spyOn(tx, 'kreisZaehlerSetzen');
      const sicht = mitLesepuffer(tx);
      for (let lauf = 0; lauf < 2; lauf++) {
        const block = await new Nummernvergabe().sperren(sicht, [1]);
        nummern.push(block.naechste(1, datum), block.naechste(1, datum));
        await block.schreiben();
      }
      expect(gesperrt).toHaveBeenCalledTimes(1);
      expect(gesetzt).not.toHaveBeenCalled();

      await sicht.zaehlerSchreiben();

      expect(gesetzt).toHaveBeenCalledTimes(1);
    });
    expect(nummern).toEqual(['RE-2026-001', 'RE-2026-002', 'RE-2026-003', 'RE-2026-004']);
    expect(speicher.tabellen.kreise.get(1)!.current_nr).toBe(4);
  });
});
