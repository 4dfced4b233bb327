import type { MitgliederAuskunft } from '../../membership/application/ports/mitglieder-auskunft';
import type { AuditEntry } from '../../platform/audit/audit-trail';
import { DomainError } from '../../shared/domain-error';
import type { Tabellenart, Zeile } from '../domain/gobd-export';
import { Gobd, NUR_ADMINISTRATOREN_GOBD } from './gobd';
import { GobdDaten } from './ports/gobd-daten';
import type { Verbandsangaben } from './verbandsdaten';

/** The port in memory: rows per table with their `createdAt`, handed out two at a time. */
class GobdDatenImSpeicher extends GobdDaten {
  tabellen: Partial<Record<Tabellenart, Zeile[]>> = {};
  protokoll: AuditEntry[] = [];
  async *zeilen(art: Tabellenart, von: Date, bis: Date): AsyncGenerator<Zeile[]> {
    const treffer = (this.tabellen[art] ?? []).filter(
      (z) => (z.createdAt as Date) >= von && (z.createdAt as Date) < bis,
    );
    for (let i = 0; i < treffer.length; i += 2) yield treffer.slice(i, i + 2);
  }
  async verlaufPruefen() {
    return { ok: true as const, geprueft: 3 };
  }
  async protokolliere(entry: AuditEntry) {
    this.protokoll.push(entry);
  }
}

const ADMIN = { id: 1, name: 'Admin' };
const MITARBEITER = { id: 2, name: 'Mia' };

function aufbau() {
  const daten = new GobdDatenImSpeicher();
  const mitglieder = {
    istAdministrator: async (id: number) => id === ADMIN.id,
  } as unknown as MitgliederAuskunft;
  const verband = {
    aktuell: async () => ({ name: 'Verband e. V.', ort: 'Köln' }),
  } as unknown as Verbandsangaben;
  return { daten, gobd: new Gobd(daten, mitglieder, verband) };
}

async function text(teile: AsyncIterable<Uint8Array>): Promise<string> {
  const stuecke: Buffer[] = [];
  for await (const teil of teile) stuecke.push(Buffer.from(teil));
  return Buffer.concat(stuecke).toString('utf8');
}

describe('Gobd (issue 29)', () => {
  it('lets only administrators check the chain or export, in German, auditing nothing', async () => {
    const { gobd, daten } = aufbau();
    for (const versuch of [
      () => gobd.verlaufPruefen(MITARBEITER),
      () => gobd.export('2026-01-01', '2026-12-31', null),
    ])
      await expect(versuch()).rejects.toMatchObject({ kind: 'forbidden', message: NUR_ADMINISTRATOREN_GOBD });
    await expect(gobd.export('2026-13-01', '2026-12-31', ADMIN)).rejects.toBeInstanceOf(DomainError);
    expect(daten.protokoll).toEqual([]);
    expect(await gobd.verlaufPruefen(ADMIN)).toEqual({ ok: true, geprueft: 3 });
  });

  it('audits the export with its period, then yields the index and each table batch by batch', async () => {
    const { gobd, daten } = aufbau();
    const am = (iso: string) => new Date(iso);
    daten.tabellen.zahlungen = [
      { id: 1, betrag: 10, art: 'eingang', quelle: 'manuell', createdAt: am('2026-03-01T10:00:00Z') },
      { id: 2, betrag: 20, art: 'eingang', quelle: 'manuell', createdAt: am('2026-03-02T10:00:00Z') },
      { id: 3, betrag: 30, art: 'eingang', quelle: 'manuell', createdAt: am('2026-03-31T22:30:00Z') },
      { id: 4, betrag: 40, art: 'eingang', quelle: 'manuell', createdAt: am('2026-04-01T22:30:00Z') },
    ];
    const { name, dateien } = await gobd.export('2026-03-01', '2026-03-31', ADMIN);
    expect(name).toBe('gobd-export_2026-03-01_2026-03-31.zip');
    expect(daten.protokoll).toEqual([
      {
        actor: ADMIN,
        resource: 'gobd-export',
        recordId: null,
        action: 'export',
        changes: { von: { after: '2026-03-01' }, bis: { after: '2026-03-31' } },
      },
    ]);
    const inhalt = new Map<string, string>();
    for await (const d of dateien) inhalt.set(d.name, await text(d.teile));
    expect([...inhalt.keys()]).toEqual([
      'index.xml',
      'rechnungen.csv',
      'storno-rechnungen.csv',
      'buchungen.csv',
      'zahlungen.csv',
      'verlauf.csv',
    ]);
    expect(inhalt.get('index.xml')).toContain('<Name>Verband e. V.</Name>');
    // 31 March 22:30 UTC is 1 April in Berlin: outside; 1 April 22:30 UTC too.
    expect(
      inhalt
        .get('zahlungen.csv')!
        .split('\r\n')
        .slice(1, -1)
        .map((z) => z.split(';')[0]),
    ).toEqual(['1', '2']);
    expect(inhalt.get('rechnungen.csv')!.split('\r\n')).toHaveLength(2);
  });
});
