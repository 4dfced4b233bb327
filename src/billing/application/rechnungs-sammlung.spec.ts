import type { ResourceReader } from '../../platform/resources/resource-reader';
import type { ResourceRegistry } from '../../platform/resources/resource-registry';
import { DomainError } from '../../shared/domain-error';
import type { RechnungsDokument, Rechnungsdatei } from './rechnungs-dokument';
import { HOECHSTENS, RechnungsSammlung } from './rechnungs-sammlung';

type Zeile = { id: number; rechnungs_nr: string };

const rechnungen = (anzahl: number): Zeile[] =>
  Array.from({ length: anzahl }, (_, i) => ({ id: i + 1, rechnungs_nr: `RE-${1000 + i + 1}` }));

/**
 * The generic reader and registry as the use case calls them: `list` answers the invoices the test
 * gives and records what it was asked; the document renders "PDFs" naming the invoice, counting.
 */
function aufbau(zeilen: Zeile[] = rechnungen(3), anzahl?: number) {
  const gelistet: { definition: unknown; query: unknown }[] = [];
  const gezaehlt: { definition: unknown; query: unknown }[] = [];
  const registry = { get: (name: string) => ({ name }) } as unknown as ResourceRegistry;
  const reader = {
    count: async (definition: unknown, query: unknown) => {
      gezaehlt.push({ definition, query });
      return anzahl ?? zeilen.length;
    },
    list: async (definition: unknown, query: unknown) => {
      gelistet.push({ definition, query });
      return zeilen;
    },
  } as unknown as ResourceReader;
  const gerendert: number[] = [];
  const dokument = {
    render: async (id: number): Promise<Rechnungsdatei> => {
      gerendert.push(id);
      return { name: `${id}.pdf`, pdf: Buffer.from(`PDF ${id}`) };
    },
  } as unknown as RechnungsDokument;
  return { sammlung: new RechnungsSammlung(registry, reader, dokument), gelistet, gezaehlt, gerendert };
}

async function fehler(arbeit: Promise<unknown>): Promise<DomainError> {
  const error = await arbeit.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof DomainError)) throw new Error(`kein DomainError: ${String(error)}`);
  return error;
}

describe('RechnungsSammlung.auswahl', () => {
  it("selects with the generic list's where, search and scope, ids and numbers only, in issuing order", async () => {
    const { sammlung, gelistet } = aufbau();

    const auswahl = await sammlung.auswahl({
      type: 'zip',
      where: '{"veranstaltung_id":7}',
      search: '  Muster ',
      scope: 'aktuell',
    });

    expect(gelistet).toEqual([
      {
        definition: { name: 'rw-rechnung' },
        query: {
          where: { veranstaltung_id: 7 },
          search: 'Muster',
          scope: 'aktuell',
          attributes: ['id', 'rechnungs_nr'],
          include: [],
          order: [{ path: 'id', direction: 'ASC' }],
          count: false,
          distinct: false,
        },
      },
    ]);
    expect(auswahl).toEqual({
      art: 'zip',
      name: 'Rechnungen RE-1001 bis RE-1003.zip',
      rechnungen: rechnungen(3),
    });
  });

  it('takes no paging, order or columns from the query: the download holds the whole selection', async () => {
    const { sammlung, gelistet } = aufbau();

    await sammlung.auswahl({
      type: 'pdf',
      limit: 'viele',
      offset: 2,
      order: '[["titel","DESC"]]',
      attributes: '["betrag"]',
    });

    expect(gelistet[0].query).toEqual({
      where: undefined,
      search: undefined,
      scope: undefined,
      attributes: ['id', 'rechnungs_nr'],
      include: [],
      order: [{ path: 'id', direction: 'ASC' }],
      count: false,
      distinct: false,
    });
  });

  it.each([undefined, '', 'PDF', 'xlsx', ['pdf']])(
    'refuses type %p before selecting anything',
    async (type) => {
      const { sammlung, gelistet } = aufbau();

      const error = await fehler(sammlung.auswahl({ type }));

      expect(error).toMatchObject({
        kind: 'invalid',
        code: 'TYP',
        message: 'Der Parameter „type“ muss „pdf“ oder „zip“ sein.',
      });
      expect(gelistet).toEqual([]);
    },
  );

  it("refuses a where that is no JSON object with the generic list's German message", async () => {
    const { sammlung, gelistet } = aufbau();

    const error = await fehler(sammlung.auswahl({ type: 'pdf', where: '{kaputt' }));

    expect(error).toMatchObject({
      kind: 'invalid',
      code: 'INVALID_QUERY',
      message: 'Parameter "where" ist kein gültiges JSON.',
    });
    expect(gelistet).toEqual([]);
  });

  it('refuses an empty selection (409)', async () => {
    const { sammlung } = aufbau([]);

    const error = await fehler(sammlung.auswahl({ type: 'zip' }));

    expect(error).toMatchObject({
      kind: 'conflict',
      code: 'KEINE_RECHNUNGEN',
      message: 'Die Auswahl enthält keine Rechnungen.',
    });
  });

  it(`holds at most ${HOECHSTENS} invoices: that many pass, one more is refused (409)`, async () => {
    expect(HOECHSTENS).toBe(5000);
    const genug = await aufbau(rechnungen(HOECHSTENS)).sammlung.auswahl({ type: 'zip' });
    expect(genug.rechnungen).toHaveLength(HOECHSTENS);

    const error = await fehler(aufbau(rechnungen(HOECHSTENS + 1)).sammlung.auswahl({ type: 'zip' }));

    expect(error).toMatchObject({
      kind: 'conflict',
      code: 'ZU_VIELE_RECHNUNGEN',
      message:
        'Es können höchstens 5000 Rechnungen auf einmal heruntergeladen werden; bitte grenzen Sie die Auswahl ein.',
    });
  });

  it('counts first and refuses more than the limit without reading a row', async () => {
    const { sammlung, gelistet, gezaehlt } = aufbau([], HOECHSTENS + 1);

    const error = await fehler(sammlung.auswahl({ type: 'zip', where: '{"veranstaltung_id":7}' }));

    expect(error).toMatchObject({ kind: 'conflict', code: 'ZU_VIELE_RECHNUNGEN' });
    expect(gezaehlt).toEqual([
      {
        definition: { name: 'rw-rechnung' },
        query: expect.objectContaining({ where: { veranstaltung_id: 7 }, count: false }),
      },
    ]);
    expect(gelistet).toEqual([]);
  });

  it('answers an empty selection when the counted invoices are gone before they are read', async () => {
    const error = await fehler(aufbau([], 2).sammlung.auswahl({ type: 'zip' }));

    expect(error).toMatchObject({ kind: 'conflict', code: 'KEINE_RECHNUNGEN' });
  });

  it("names one invoice's file by its number, with the type as extension", async () => {
    const { sammlung } = aufbau([{ id: 4, rechnungs_nr: 'RE-2026-004' }]);

    expect((await sammlung.auswahl({ type: 'pdf' })).name).toBe('RE-2026-004.pdf');
  });

  it('replaces characters a file name cannot hold, a run of them by one dash', async () => {
    const { sammlung } = aufbau([
      { id: 1, rechnungs_nr: 'RE/2026\\001' },
      { id: 2, rechnungs_nr: 'RE:*?"<>|2026|002' },
    ]);

    expect((await sammlung.auswahl({ type: 'zip' })).name).toBe('Rechnungen RE-2026-001 bis RE-2026-002.zip');
  });
});

describe('RechnungsSammlung.vorschau', () => {
  it('says how many, the first 20 numbers in order, and how many more, without rendering', async () => {
    const { sammlung, gerendert } = aufbau(rechnungen(25));

    const vorschau = await sammlung.vorschau({ type: 'pdf' });

    expect(vorschau).toEqual({
      art: 'pdf',
      name: 'Rechnungen RE-1001 bis RE-1025.pdf',
      anzahl: 25,
      rechnungs_nr: rechnungen(20).map((r) => r.rechnungs_nr),
      weitere: 5,
    });
    expect(gerendert).toEqual([]);
  });

  it('names all and no more when the selection is small, 20 exactly included', async () => {
    expect(await aufbau(rechnungen(2)).sammlung.vorschau({ type: 'zip' })).toMatchObject({
      anzahl: 2,
      rechnungs_nr: ['RE-1001', 'RE-1002'],
      weitere: 0,
    });
    expect(await aufbau(rechnungen(20)).sammlung.vorschau({ type: 'zip' })).toMatchObject({
      anzahl: 20,
      weitere: 0,
    });
    expect((await aufbau(rechnungen(21)).sammlung.vorschau({ type: 'zip' })).weitere).toBe(1);
  });

  it('gives the same refusal as the download would', async () => {
    const error = await fehler(aufbau([]).sammlung.vorschau({ type: 'zip' }));

    expect(error).toMatchObject({ kind: 'conflict', code: 'KEINE_RECHNUNGEN' });
  });
});

describe('RechnungsSammlung.dokumente', () => {
  it("hands out each invoice's document in order, rendering one only when asked for it", async () => {
    const { sammlung, gerendert } = aufbau();
    const auswahl = await sammlung.auswahl({ type: 'zip' });

    const dokumente = sammlung.dokumente(auswahl);
    expect(gerendert).toEqual([]);
    const erste = await dokumente.next();
    expect(gerendert).toEqual([1]);
    const rest: Rechnungsdatei[] = [];
    for await (const datei of dokumente) rest.push(datei);

    expect(erste.value).toEqual({ name: '1.pdf', pdf: Buffer.from('PDF 1') });
    expect(rest.map((d) => d.name)).toEqual(['2.pdf', '3.pdf']);
    expect(gerendert).toEqual([1, 2, 3]);
  });
});
