import { mitLesepuffer } from './lesepuffer';
import type { BillingTx } from './ports/abrechnungsspeicher';

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
});
