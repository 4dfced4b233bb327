import { AbrechnungsspeicherInMemory, neueRechnung } from './abrechnungsspeicher.testing';
import { ZahlungsspeicherInMemory } from './zahlungsspeicher.testing';

/** The in-memory store behaves as the database does: what a caller reads is its own copy. */
describe('AbrechnungsspeicherInMemory', () => {
  const gefuellt = () => {
    const speicher = new AbrechnungsspeicherInMemory();
    speicher.tabellen.rechnungen.push(
      neueRechnung({ id: 1, rechnungs_nr: 'RE-1', rw_abrechnung_id: 3, data: { positionen: [] } }),
    );
    return speicher;
  };
  const gespeichert = (speicher: AbrechnungsspeicherInMemory) => speicher.tabellen.rechnungen[0];

  it('hands out copies of its invoices: changing what was read changes nothing stored', async () => {
    const speicher = gefuellt();
    const seminar = { category: 'seminare', feld: 'veranstaltung_id', id: 7 } as const;

    const gelesen = await speicher.transaktion(async (tx) => [
      await tx.rechnungGesperrt(1),
      ...(await tx.nichtAbgerechneteRechnungenGesperrt({ ...seminar, id: 8 })),
      await tx.rechnungMitEmail(1),
      ...(await tx.rechnungenDerAbrechnung(3)),
      ...(await new ZahlungsspeicherInMemory().in(tx.transaktion).rechnungenMitNummern(['RE-1'])),
      ...(await new ZahlungsspeicherInMemory().in(tx.transaktion).offeneRechnungenMitBetrag(119)),
    ]);
    gelesen.push(await speicher.lesen().rechnungGesperrt(1));

    expect(gelesen.filter(Boolean)).toHaveLength(6);
    for (const r of gelesen) {
      if (!r) continue;
      r.betrag = 1;
      (r.data as { positionen: unknown[] }).positionen.push('verändert');
    }
    expect(gespeichert(speicher)).toMatchObject({ betrag: 119, data: { positionen: [] } });
  });

  it('keeps what was read before a write in the same unit of work as it was', async () => {
    const speicher = gefuellt();

    const vorher = await speicher.transaktion(async (tx) => {
      const rechnung = await tx.rechnungGesperrt(1);
      await tx.rechnungenAendern([1], { zahlstatus: 'bezahlt' });
      return rechnung;
    });

    expect(vorher?.zahlstatus).toBe('offen');
    expect(gespeichert(speicher).zahlstatus).toBe('bezahlt');
  });
});
