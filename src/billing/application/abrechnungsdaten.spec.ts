import type { Actor } from '../../platform/audit/audit-trail';
import { abrechnungsdatenAendern } from './abrechnungsdaten';
import { AbrechnungsspeicherInMemory } from './ports/abrechnungsspeicher.testing';

const ACTOR: Actor = { id: 1, name: 'Buchhaltung' };

async function aufbau(data: Record<string, unknown> | null) {
  const speicher = new AbrechnungsspeicherInMemory();
  const id = await speicher.transaktion((tx) => tx.abrechnungAnlegen({ data }));
  const abrechnung = () => speicher.tabellen.abrechnungen.find((a) => a.id === id)!;
  return { speicher, abrechnung };
}

describe('abrechnungsdatenAendern', () => {
  it("replaces the summary's data and audits the change with what it was", async () => {
    const { speicher, abrechnung } = await aufbau({ anzahl: 3, summe_sepa: 120.5 });
    const vorher = { ...abrechnung() };
    const data = { anzahl: 3, summe_sepa: 120.5, emails: { versendet: 2, fehler: 1 } };

    await speicher.transaktion((tx) => abrechnungsdatenAendern(tx, vorher, data, ACTOR));

    expect(abrechnung().data).toEqual(data);
    expect(speicher.tabellen.audit).toEqual([
      {
        actor: ACTOR,
        resource: 'rw-abrechnung',
        recordId: vorher.id,
        action: 'update',
        changes: {
          data: {
            before: { anzahl: 3, summe_sepa: 120.5 },
            after: data,
          },
        },
      },
    ]);
  });

  it('audits data set for the first time, without an actor for the system', async () => {
    const { speicher, abrechnung } = await aufbau(null);
    const data = { hinweis: 'Lastschrift zurückrufen' };

    await speicher.transaktion((tx) => abrechnungsdatenAendern(tx, { ...abrechnung() }, data, null));

    expect(abrechnung().data).toEqual(data);
    expect(speicher.tabellen.audit).toEqual([
      expect.objectContaining({
        actor: null,
        action: 'update',
        changes: { data: { before: null, after: data } },
      }),
    ]);
  });
});
