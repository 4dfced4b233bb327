import fc from 'fast-check';
import type request from 'supertest';
import type { FieldMeta, ResourceMeta } from '../../common/resource-meta';
import { labelFor } from '../../common/vocabulary';
import { MONEY_MAX_CENTS } from '../../src/shared/money';
import { integerRange, LONG_TEXT_MAX_BYTES } from '../../src/platform/resources/column-bounds';
import { columnKind } from '../../src/platform/resources/field-values';
import { databases, startTestApp, TestApp } from '../support/test-app';

/**
 * Issue 26, bounds on every generic write: random and hostile values — huge numbers, 1e308, NaN
 * texts, long and broken texts, unicode, wrong types, nested objects — POSTed and PUT into
 * resources with money, decimal, integer, text and date fields answer 2xx or a German 400 naming
 * the field by its German label, never 500; a refused write changes nothing, and an accepted
 * value reads back as it was accepted (money rounded to cents), on SQLite and MariaDB.
 * `WRITE_PROPERTY_RUNS` and `WRITE_PROPERTY_SEED` vary it.
 */
const RUNS = Number(process.env.WRITE_PROPERTY_RUNS ?? 40);
const SEED = Number(process.env.WRITE_PROPERTY_SEED ?? Date.now() % 100_000);

interface Target {
  resource: string;
  /** A valid record to start from; `{abo}` is replaced by the id of an Abo made for the suite. */
  base: Record<string, unknown>;
  /** The fields that get random values (none that a save rule derives from others). */
  fields: string[];
}

const TARGETS: Target[] = [
  {
    resource: 'wb-bundle',
    base: { titel: 'Lohn kompakt' },
    fields: ['titel', 'preis', 'mwst', 'beschreibung'],
  },
  {
    resource: 'wb-abo-turnus',
    base: { wb_abo_id: '{abo}', von: '2026-01-01' },
    fields: ['preis', 'mwst', 'preisgarantie', 'kuendigungsfrist', 'bis'],
  },
  {
    resource: 'storno-option',
    base: { titel: 'Bis 14 Tage vorher' },
    fields: ['titel', 'betrag', 'hours_to'],
  },
  { resource: 'rw-kreis', base: { titel: 'Seminarrechnungen' }, fields: ['titel', 'template', 'offset_nr'] },
  {
    resource: 'verband-bezirk',
    base: { bezirk_nummer: 7, bezirk_name: 'Nord' },
    fields: ['bezirk_nummer', 'bezirk_name'],
  },
  {
    resource: 'benutzer',
    base: { nachname: 'Adler' },
    fields: ['vorname', 'nachname', 'titel', 'berufsbezeichnung', 'stb_datum'],
  },
];

const hostile: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(1e308, -1e308, 9e15, -9e15, 2 ** 31, -(2 ** 31) - 1, 2 ** 53, 1e21, -0, 0.1 + 0.2),
  fc.constantFrom(
    99_999_999.99,
    99_999_999.994,
    99_999_999.995,
    -99_999_999.99,
    -100_000_000,
    1.005,
    999.995,
  ),
  fc.constantFrom('NaN', 'Infinity', '-Infinity', '1e400', '1e308', '0x1F', '1.234,56', ' 42 ', '', '   '),
  fc.double(),
  fc.integer(),
  fc.string({ unit: 'grapheme', maxLength: 300 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('\u0000', '\uD800', 'a\uDFFFb', '\u200B', '\u202Egnp.exe', "'; DROP TABLE benutzer; --"),
  fc.constantFrom(
    '😀'.repeat(100),
    '😀'.repeat(256),
    'x'.repeat(256),
    'x'.repeat(70_000),
    'ä'.repeat(40_000),
  ),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(fc.integer(), fc.string()), { maxLength: 3 }),
  fc.object({ maxDepth: 2 }),
  fc.constant(JSON.parse('{"__proto__": {"preis": 1}}')),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
);

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** Values a field of this type takes, mostly. */
function plausible(field: FieldMeta): fc.Arbitrary<unknown> {
  switch (field.type) {
    case 'money':
      return fc.oneof(
        fc.integer({ min: -1e10, max: 1e10 }).map((c) => c / 100),
        fc.double({ min: -1e9, max: 1e9 }),
      );
    case 'decimal':
      return fc.double({ min: -2000, max: 2000, noNaN: true });
    case 'integer':
      return fc.integer({ min: -100, max: 100_000 });
    case 'date':
      return fc
        .date({ min: new Date('0900-01-01'), max: new Date('9999-12-31'), noInvalidDate: true })
        .map(isoDay);
    default:
      return fc.string({ unit: 'grapheme', maxLength: 120 }).filter((s) => s.trim() !== '');
  }
}

/** Leaks the answer must never contain. */
const LEAK = /\bSQLITE_[A-Z]+\b|\bER_[A-Z_]+\b|QueryFailedError|Incorrect|Out of range|\bat \S+ \(/;

const codePoints = (text: string) => [...text].length;

describe.each(databases())('generic writes under random and hostile values on %s', (kind) => {
  let t: TestApp;
  let api: request.Agent;
  const metas = new Map<string, ResourceMeta>();
  /** The record each target's PUTs change. */
  const records = new Map<string, Record<string, unknown>>();
  const bases = new Map<string, Record<string, unknown>>();

  beforeAll(async () => {
    t = await startTestApp(kind);
    api = await t.login();
    const abo = (await api.post('/node/api/wb-abo').send({ titel: 'Fortbildungs-Abo' }).expect(201)).body.id;
    for (const target of TARGETS) {
      const meta = (await api.get(`/node/meta/${target.resource}`).expect(200)).body as ResourceMeta;
      for (const name of target.fields) expect(meta.fields.map((f) => f.name)).toContain(name);
      metas.set(target.resource, meta);
      const base = Object.fromEntries(
        Object.entries(target.base).map(([key, value]) => [key, value === '{abo}' ? abo : value]),
      );
      bases.set(target.resource, base);
      const created = await api.post(`/node/api/${target.resource}`).send(base);
      expect(created.status).toBe(201);
      records.set(target.resource, created.body);
    }
  }, 120_000);
  afterAll(() => t.close());

  const field = (resource: string, name: string) => metas.get(resource)!.fields.find((f) => f.name === name)!;

  /** The stored value is what the sent one means to the field (money and decimals to hundredths). */
  function expectStoredAsSent(resource: string, name: string, sent: unknown, stored: unknown): void {
    const meta = field(resource, name);
    // JSON has no NaN or Infinity: such a number arrives as null, which stores nothing to compare.
    if (sent === null || sent === undefined || (typeof sent === 'number' && !Number.isFinite(sent))) return;
    // An empty text in a field of numbers or dates means no value.
    if (sent === '' && ['money', 'decimal', 'integer', 'date'].includes(meta.type)) {
      expect(stored).toBeNull();
      return;
    }
    switch (meta.type) {
      case 'money':
      case 'decimal': {
        expect(typeof stored).toBe('number');
        const value = stored as number;
        expect(Math.round(value * 100) / 100).toBe(value);
        if (meta.type === 'money') expect(Math.abs(value * 100)).toBeLessThanOrEqual(MONEY_MAX_CENTS);
        if (typeof sent === 'number')
          expect(Math.abs(value - sent)).toBeLessThanOrEqual(0.005 + 1e-9 * Math.abs(sent));
        return;
      }
      case 'integer':
        expect(Number.isInteger(stored)).toBe(true);
        expect(Math.abs(stored as number)).toBeLessThanOrEqual(2 ** 31);
        if (typeof sent === 'number') expect(stored === sent).toBe(true);
        return;
      case 'date':
        expect(stored).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        if (typeof sent === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(sent)) expect(stored).toBe(sent);
        return;
      default:
        if (typeof sent === 'string' || typeof sent === 'number' || typeof sent === 'boolean')
          expect(stored).toBe(String(sent));
        if (meta.maxLength) expect(codePoints(stored as string)).toBeLessThanOrEqual(meta.maxLength);
        else expect(Buffer.byteLength(stored as string)).toBeLessThanOrEqual(LONG_TEXT_MAX_BYTES);
    }
  }

  const count = async (resource: string) =>
    (await api.get(`/node/api/${resource}`).query({ count: 'true', limit: 1 }).expect(200)).body
      .count as number;

  const write = (resource: string) =>
    fc.record({
      method: fc.constantFrom('POST', 'PUT'),
      values: fc
        .subarray(TARGETS.find((x) => x.resource === resource)!.fields, { minLength: 1 })
        .chain((names) =>
          fc
            .tuple(...names.map((name) => fc.oneof(plausible(field(resource, name)), hostile)))
            .map((values) => names.map((name, i) => [name, values[i]] as const)),
        ),
    });

  it.each(TARGETS.map((target) => target.resource))(
    'answers writes of %s with 2xx or a German 400 naming the field, never 500',
    async (resource) => {
      await fc.assert(
        fc.asyncProperty(write(resource), async ({ method, values }) => {
          const id = records.get(resource)!.id as number;
          const body = { ...(method === 'POST' ? bases.get(resource) : {}), ...Object.fromEntries(values) };
          const before =
            method === 'PUT' ? (await api.get(`/node/api/${resource}/${id}`)).body : await count(resource);
          const answer =
            method === 'POST'
              ? await api.post(`/node/api/${resource}`).send(body)
              : await api.put(`/node/api/${resource}/${id}`).send(body);
          if (![200, 201, 400].includes(answer.status) || LEAK.test(answer.text))
            throw new Error(`${method} ${answer.status}: ${answer.text.slice(0, 400)}`);
          if (answer.status === 400) {
            expect(answer.body.message).toMatch(/^Bitte prüfen Sie die Eingaben: „|[äöüß]/);
            for (const name of Object.keys(answer.body.errors ?? {}))
              expect(answer.body.message).toContain(`„${labelFor(resource, name)}“`);
            const after =
              method === 'PUT' ? (await api.get(`/node/api/${resource}/${id}`)).body : await count(resource);
            expect(after).toEqual(before);
            return;
          }
          const saved = answer.body as Record<string, unknown>;
          expect((await api.get(`/node/api/${resource}/${saved.id}`).expect(200)).body).toEqual(saved);
          for (const [name, sent] of values) expectStoredAsSent(resource, name, sent, saved[name]);
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
    },
    240_000,
  );

  it.each([
    ['a price of 1e308', 'wb-bundle', { preis: 1e308 }, '„Preis“ darf höchstens 99.999.999,99 € betragen'],
    ['a price of 9e15', 'wb-bundle', { preis: 9e15 }, '„Preis“ darf höchstens 99.999.999,99 € betragen'],
    ['a price that rounds up', 'wb-bundle', { preis: '99999999,995' }, 'höchstens 99.999.999,99 €'],
    [
      'an amount of -1e308',
      'storno-option',
      { betrag: -1e308 },
      'darf nicht kleiner als -99.999.999,99 € sein',
    ],
    ['a rate beyond DECIMAL(5,2)', 'wb-bundle', { mwst: 1000 }, '„MwSt. (%)“ darf höchstens 999,99 betragen'],
    [
      'an integer beyond INT',
      'verband-bezirk',
      { bezirk_nummer: 2 ** 31 },
      'darf höchstens 2.147.483.647 sein',
    ],
    [
      'an integer below INT',
      'storno-option',
      { hours_to: -(2 ** 31) - 1 },
      'nicht kleiner als -2.147.483.648',
    ],
    [
      '256 characters in VARCHAR(255)',
      'verband-bezirk',
      { bezirk_name: 'x'.repeat(256) },
      'höchstens 255 Zeichen',
    ],
    ['half a surrogate pair', 'benutzer', { nachname: 'Adler\uD800' }, 'ungültiges Zeichen'],
    ['a date before 1000', 'benutzer', { stb_datum: '0999-12-31' }, 'zwischen den Jahren 1000 und 9999'],
    ['a timestamp in year 275760', 'benutzer', { stb_datum: 8.64e15 }, 'muss ein Datum sein'],
  ])('refuses %s with a German 400, storing nothing', async (_, resource, values, message) => {
    const before = await count(resource);
    const answer = await api.post(`/node/api/${resource}`).send({ ...bases.get(resource), ...values });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain(message);
    expect(await count(resource)).toBe(before);
  });

  it('takes the largest amounts and longest texts the columns hold, as they are', async () => {
    const bundle = await api
      .post('/node/api/wb-bundle')
      .send({ titel: '😀'.repeat(255), preis: 99_999_999.994, mwst: 99.995 })
      .expect(201);
    expect(bundle.body).toMatchObject({ titel: '😀'.repeat(255), preis: 99_999_999.99, mwst: 100 });
    const bezirk = await api
      .post('/node/api/verband-bezirk')
      .send({ bezirk_nummer: -(2 ** 31), bezirk_name: 'Süd\u0000' })
      .expect(201);
    expect((await api.get(`/node/api/verband-bezirk/${bezirk.body.id}`)).body).toMatchObject({
      bezirk_nummer: -(2 ** 31),
      bezirk_name: 'Süd\u0000',
    });
  });

  (kind === 'mysql' ? it : it.skip)('bounds every column by the type MariaDB really has', async () => {
    const [{ database }] = await t.dataSource.query('SELECT DATABASE() AS `database`');
    const rows: Record<string, unknown>[] = await t.dataSource.query(
      'SELECT TABLE_NAME, COLUMN_NAME, DATA_TYPE, COLUMN_TYPE, CHARACTER_MAXIMUM_LENGTH, CHARACTER_OCTET_LENGTH,' +
        ' NUMERIC_PRECISION, NUMERIC_SCALE FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = ?',
      [database],
    );
    const schema = new Map(rows.map((row) => [`${row.TABLE_NAME}.${row.COLUMN_NAME}`, row]));
    const ranges: Record<string, { min: number; max: number }> = {
      int: { min: -(2 ** 31), max: 2 ** 31 - 1 },
      smallint: { min: -(2 ** 15), max: 2 ** 15 - 1 },
      tinyint: { min: -128, max: 127 },
    };
    let checked = 0;
    for (const entity of t.dataSource.entityMetadatas) {
      for (const column of entity.columns) {
        const row = schema.get(`${entity.tableName}.${column.databaseName}`);
        if (!row) throw new Error(`${entity.tableName}.${column.databaseName} fehlt in MariaDB`);
        const where = `${entity.tableName}.${column.databaseName}`;
        switch (columnKind(column)) {
          case 'integer':
            expect([where, integerRange(column)]).toEqual([where, ranges[String(row.DATA_TYPE)]]);
            break;
          case 'boolean':
            expect([where, row.COLUMN_TYPE]).toEqual([where, 'tinyint(1)']);
            break;
          case 'decimal':
            expect([where, row.DATA_TYPE, Number(row.NUMERIC_PRECISION), Number(row.NUMERIC_SCALE)]).toEqual([
              where,
              'decimal',
              column.precision,
              column.scale,
            ]);
            break;
          case 'string':
          case 'json':
            if (column.length)
              expect([where, row.DATA_TYPE, Number(row.CHARACTER_MAXIMUM_LENGTH)]).toEqual([
                where,
                'varchar',
                Number(column.length),
              ]);
            else
              expect([where, row.DATA_TYPE, Number(row.CHARACTER_OCTET_LENGTH)]).toEqual([
                where,
                'mediumtext',
                LONG_TEXT_MAX_BYTES,
              ]);
            break;
          case 'date':
          case 'datetime':
            expect([where, row.DATA_TYPE]).toEqual([where, columnKind(column)]);
        }
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(400);
  });
});
