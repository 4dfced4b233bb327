import type { Rechnung } from './ports/abrechnungsspeicher';
import { AbrechnungsspeicherInMemory, neueRechnung } from './ports/abrechnungsspeicher.testing';
import { ZahlungsspeicherInMemory } from './ports/zahlungsspeicher.testing';
import { alsBetrag, bucheZahlungen, type NeuePosition } from './zahlungsbuchung';

const ACTOR = { id: 1, name: 'Sachbearbeiterin' };

function aufbau(...rechnungen: (Partial<Rechnung> & Pick<Rechnung, 'id'>)[]) {
  const speicher = new AbrechnungsspeicherInMemory();
  speicher.tabellen.naechsteId = 100;
  for (const r of rechnungen)
    speicher.tabellen.rechnungen.push(neueRechnung({ rechnungs_nr: `RE-2026-00${r.id}`, ...r }));
  const zahlungsspeicher = new ZahlungsspeicherInMemory();
  const buche = (positionen: NeuePosition[], actor: typeof ACTOR | null = ACTOR) =>
    speicher.transaktion((tx) => bucheZahlungen(tx, zahlungsspeicher.in(tx.transaktion), positionen, actor));
  return {
    get t() {
      return speicher.tabellen;
    },
    buche,
  };
}

const eingang = (rechnung: number, betrag: number, werte: Partial<NeuePosition> = {}): NeuePosition => ({
  rechnung,
  betrag,
  art: 'eingang',
  quelle: 'kontoauszug',
  datum: '2026-04-02',
  ...werte,
});

describe('booking payments on invoices (issue 28)', () => {
  it('stores each payment in euros and audits it on its invoice with every field', async () => {
    const a = aufbau({ id: 1 });
    await a.buche([
      eingang(1, -11850, {
        art: 'ruecklastschrift',
        bank_referenz: 'BANK-3',
        gebuehr: 350,
        rueckgabegrund: 'AC04',
        rw_kontoauszug_posten_id: 40,
      }),
    ]);
    const werte = {
      datum: '2026-04-02',
      betrag: -118.5,
      art: 'ruecklastschrift',
      quelle: 'kontoauszug',
      bank_referenz: 'BANK-3',
      gebuehr: 3.5,
      rueckgabegrund: 'AC04',
      rw_kontoauszug_posten_id: 40,
      admin_name: 'Sachbearbeiterin',
    };
    expect(a.t.zahlungen).toEqual([{ id: 100, rw_rechnung_id: 1, ...werte }]);
    expect(a.t.audit[0]).toEqual({
      actor: ACTOR,
      resource: 'rw-rechnung',
      recordId: 1,
      action: 'zahlung',
      changes: Object.fromEntries(Object.entries(werte).map(([k, v]) => [k, { before: null, after: v }])),
    });
  });

  it('stores what a position leaves out as empty, and no actor as no name', async () => {
    const a = aufbau({ id: 1 });
    await a.buche([eingang(1, 5000, { gebuehr: 0 })], null);
    expect(a.t.zahlungen[0]).toMatchObject({
      bank_referenz: null,
      gebuehr: null,
      rueckgabegrund: null,
      rw_kontoauszug_posten_id: null,
      admin_name: null,
    });
    expect(a.t.audit.every((e) => e.actor === null)).toBe(true);
  });

  it('recomputes the status of every invoice touched from all its payments, once, audited', async () => {
    const a = aufbau({ id: 1 }, { id: 2, betrag: 238 }, { id: 3 });
    await a.buche([eingang(1, 5000), eingang(1, 6900), eingang(2, 1000)]);
    expect(a.t.rechnungen.map((r) => r.zahlstatus)).toEqual(['bezahlt', 'teilweise_bezahlt', 'offen']);
    expect(a.t.audit.filter((e) => e.action === 'update')).toEqual([
      {
        actor: ACTOR,
        resource: 'rw-rechnung',
        recordId: 1,
        action: 'update',
        changes: { zahlstatus: { before: 'offen', after: 'bezahlt' } },
      },
      {
        actor: ACTOR,
        resource: 'rw-rechnung',
        recordId: 2,
        action: 'update',
        changes: { zahlstatus: { before: 'offen', after: 'teilweise_bezahlt' } },
      },
    ]);
  });

  it('counts the payments booked before', async () => {
    const a = aufbau({ id: 1 });
    await a.buche([eingang(1, 5000)]);
    await a.buche([eingang(1, 6900)]);
    expect(a.t.rechnungen[0].zahlstatus).toBe('bezahlt');
    expect(a.t.audit.filter((e) => e.action === 'update').map((e) => e.changes)).toEqual([
      { zahlstatus: { before: 'offen', after: 'teilweise_bezahlt' } },
      { zahlstatus: { before: 'teilweise_bezahlt', after: 'bezahlt' } },
    ]);
  });

  it('neither writes nor audits a status that stays the same', async () => {
    const a = aufbau(
      { id: 1, zahlstatus: 'teilweise_bezahlt' },
      { id: 2, betrag: -119, zahlstatus: undefined },
    );
    await a.buche([eingang(1, 1000), eingang(1, 1000)]);
    // A storno invoice has no status of its own; one stored without any counts as none.
    await a.buche([eingang(2, -11900, { art: 'erstattung' })]);
    expect(a.t.audit.map((e) => e.action)).toEqual(['zahlung', 'zahlung', 'zahlung']);
    expect(a.t.rechnungen[1].zahlstatus).toBeUndefined();
  });

  it('books on the invoices that exist when one is gone', async () => {
    const a = aufbau({ id: 1 });
    await a.buche([eingang(99, 11900), eingang(1, 11900)]);
    expect(a.t.zahlungen.map((z) => z.rw_rechnung_id)).toEqual([99, 1]);
    expect(a.t.rechnungen[0].zahlstatus).toBe('bezahlt');
  });

  it('reads a stored payment as its art and signed cents', () => {
    expect(alsBetrag({ art: 'ruecklastschrift', betrag: -118.5 })).toEqual({
      art: 'ruecklastschrift',
      betrag: -11850,
    });
    // MariaDB gives DECIMAL columns as strings.
    expect(alsBetrag({ art: 'eingang', betrag: '0.29' as unknown as number })).toEqual({
      art: 'eingang',
      betrag: 29,
    });
  });
});
