import { DomainError } from '../../../shared/domain-error';
import { FieldResolver, WhereCompiler, likeContains } from './where-compiler';

const fields = ['name', 'aktiviert', 'alter'];
const resolve: FieldResolver = (name) => {
  const plain = name.startsWith('$') ? name.slice(1, -1).replace('.', '_') : name;
  if (!fields.includes(plain) && plain !== 'Emails_email')
    throw DomainError.invalid('X', `Unbekanntes Feld "${name}"`);
  return { sql: `"${plain}"`, toParam: (v) => (typeof v === 'boolean' ? (v ? 1 : 0) : v) };
};
const compile = (where: Record<string, unknown>) => new WhereCompiler('w').compile(where, resolve);

describe('WhereCompiler', () => {
  it('compiles equality, null and shorthand lists', () => {
    expect(compile({ name: 'Müller', alter: null, aktiviert: [true, false] })).toEqual({
      sql: '("name" = :w0 AND "alter" IS NULL AND "aktiviert" IN (:w1, :w2))',
      params: { w0: 'Müller', w1: 1, w2: 0 },
    });
  });

  it('compiles every comparison operator with bound values', () => {
    const { sql, params } = compile({
      alter: { $gt: 1, $gte: 2, $lt: 3, $lte: 4, $ne: 5, $between: [6, 7] },
      name: { $in: ['a'], $notIn: ['b'], $like: '%m%', $notLike: 'x%', $eq: 'y' },
    });
    expect(sql).toBe(
      '(("alter" > :w0 AND "alter" >= :w1 AND "alter" < :w2 AND "alter" <= :w3 AND "alter" <> :w4 AND "alter" BETWEEN :w5 AND :w6)' +
        ` AND ("name" IN (:w7) AND "name" NOT IN (:w8) AND LOWER("name") LIKE LOWER(:w9) ESCAPE '!' AND LOWER("name") NOT LIKE LOWER(:w10) ESCAPE '!' AND "name" = :w11))`,
    );
    expect(Object.values(params)).toEqual([1, 2, 3, 4, 5, 6, 7, 'a', 'b', '%m%', 'x%', 'y']);
  });

  it('compiles $or, $and, $not and association paths', () => {
    expect(
      compile({ $or: [{ name: 'a' }, { $and: [{ alter: 1 }, { '$Emails.email$': { $like: '%@x%' } }] }] })
        .sql,
    ).toBe(`("name" = :w0 OR ("alter" = :w1 AND LOWER("Emails_email") LIKE LOWER(:w2) ESCAPE '!'))`);
    expect(compile({ aktiviert: { $not: true } }).sql).toBe('("aktiviert" <> :w0 OR "aktiviert" IS NULL)');
    expect(compile({ alter: { $not: null }, name: { $ne: null } }).sql).toBe(
      '("alter" IS NOT NULL AND "name" IS NOT NULL)',
    );
    expect(compile({ $not: { name: 'a' } }).sql).toBe('NOT ("name" = :w0)');
  });

  it('treats empty lists as the sets they are', () => {
    expect(compile({ alter: { $in: [] } }).sql).toBe('1 = 0');
    expect(compile({ alter: { $notIn: [] } }).sql).toBe('1 = 1');
    expect(compile({ $or: [] }).sql).toBe('1 = 0');
  });

  it.each([
    [{ 'name; DROP TABLE benutzer': 1 }, /Unbekanntes Feld "name; DROP TABLE benutzer"/],
    [{ name: { $regexp: 'x' } }, /Unbekannter Operator "\$regexp"/],
    [{ $xor: [] }, /Unbekannter Operator "\$xor"/],
    [{ name: { $eq: { $gt: 1 } } }, /Ungültiger Wert/],
    [{ name: { $in: 'a' } }, /Liste/],
    [{ name: { $like: 5 } }, /Text/],
    [{ alter: { $between: [1] } }, /zwei Werte/],
    [{ $or: { name: 'a' } }, /Liste/],
    [{ name: {} }, /Leere Bedingung/],
  ])('refuses %j with a German 400', (where, message) => {
    expect(() => compile(where)).toThrow(message);
    try {
      compile(where);
    } catch (error) {
      expect((error as DomainError).kind).toBe('invalid');
      if (!/Unbekanntes Feld/.test(String(message)))
        expect((error as DomainError).code).toBe('INVALID_QUERY');
    }
  });

  it('leaves case to the collation where the engine ignores it anyway', () => {
    const compiled = new WhereCompiler('w', { foldCase: false }).compile({ name: { $like: '%m%' } }, resolve);
    expect(compiled.sql).toBe(`"name" LIKE :w0 ESCAPE '!'`);
  });

  it('wraps the whole condition of a field that asks for it (to-many associations)', () => {
    const exists: FieldResolver = (name, rejectsNull) => ({
      ...resolve(name, rejectsNull),
      wrap: (condition) => `EXISTS (SELECT 1 WHERE ${condition})`,
    });
    expect(new WhereCompiler('w').compile({ name: { $ne: 'a', $gt: 'b' } }, exists).sql).toBe(
      `EXISTS (SELECT 1 WHERE ("name" <> :w0 AND "name" > :w1))`,
    );
  });

  it('tells the resolver which conditions can only hold on a present value', () => {
    const flags: boolean[] = [];
    const record: FieldResolver = (name, rejectsNull) => {
      flags.push(rejectsNull);
      return resolve(name, rejectsNull);
    };
    new WhereCompiler('w').compile(
      {
        $or: [{ name: { $like: '%a%' } }, { alter: [1, 2] }, { name: 'x' }],
        alter: null,
        aktiviert: { $not: true },
        $not: { name: 'y' },
      },
      record,
    );
    expect(flags).toEqual([true, true, true, false, false, false]);
  });

  it('bounds lists, values and nesting before anything reaches the database', () => {
    const values = (n: number) => Array.from({ length: n }, (_, i) => i);
    expect(() => compile({ alter: { $in: values(10000) } })).not.toThrow();
    expect(() => compile({ alter: { $in: values(10001) } })).toThrow(
      '"$in" bei Feld "alter" darf höchstens 10000 Werte enthalten.',
    );
    expect(() => compile({ alter: values(10001) })).toThrow(/höchstens 10000 Werte/);
    expect(() => compile({ $or: [{ alter: { $notIn: values(6000) } }, { alter: values(6000) }] })).toThrow(
      'Die Bedingung enthält zu viele Werte (höchstens 10000).',
    );
    const nested = (depth: number): Record<string, unknown> =>
      depth === 1 ? { alter: 1 } : { $and: [nested(depth - 1)] };
    expect(() => compile(nested(20))).not.toThrow();
    expect(() => compile(nested(21))).toThrow(
      'Die Bedingung ist zu tief verschachtelt (höchstens 20 Ebenen).',
    );
    expect(() => compile({ $not: nested(60) })).toThrow(/zu tief verschachtelt/);
  });

  it('compiles the remaining forms of $not, $eq and $ne', () => {
    expect(compile({ alter: { $not: 3 } }).sql).toBe('"alter" <> :w0');
    expect(compile({ alter: { $not: { $gt: 3, $lt: 9 } } }).sql).toBe(
      'NOT (("alter" > :w0 AND "alter" < :w1))',
    );
    expect(compile({ alter: { $eq: null } }).sql).toBe('"alter" IS NULL');
    expect(compile({ name: { $ne: 'x' } })).toEqual({ sql: '"name" <> :w0', params: { w0: 'x' } });
    expect(compile({ $not: {} }).sql).toBe('');
    expect(compile({ $and: [] }).sql).toBe('');
    expect(compile({ $or: [{}, {}] }).sql).toBe('');
    expect(compile({ $and: [{ name: 'a' }] }).sql).toBe('("name" = :w0)');
    expect(compile({}).sql).toBe('');
    expect(compile({ $and: [], name: 'a' }).sql).toBe('"name" = :w0');
    // "not equal true" is only "not true"; unset values are left to $not.
    expect(compile({ aktiviert: { $ne: true } }).sql).toBe('"aktiviert" <> :w0');
  });

  it('bounds the nesting of $not like any other', () => {
    const negated = (depth: number): Record<string, unknown> =>
      depth === 1 ? { alter: 1 } : { $not: negated(depth - 1) };
    expect(() => compile(negated(20))).not.toThrow();
    expect(() => compile(negated(21))).toThrow(
      'Die Bedingung ist zu tief verschachtelt (höchstens 20 Ebenen).',
    );
  });

  it('tells which single conditions can hold on NULL', () => {
    const flags = (where: Record<string, unknown>) => {
      const seen: boolean[] = [];
      new WhereCompiler('w').compile(where, (name, rejectsNull) => {
        seen.push(rejectsNull);
        return resolve(name, rejectsNull);
      });
      return seen;
    };
    expect(flags({ alter: { $eq: null } })).toEqual([false]);
    expect(flags({ alter: { $eq: 1 } })).toEqual([true]);
    expect(flags({ name: { $ne: null } })).toEqual([true]);
    expect(flags({ alter: { $notIn: [] } })).toEqual([false]);
    expect(flags({ alter: { $notIn: [1] } })).toEqual([true]);
    expect(flags({ alter: { $in: [] } })).toEqual([true]);
    expect(flags({ name: { $not: 'x' } })).toEqual([true]);
    expect(flags({ name: { $not: { $like: 'x' } } })).toEqual([false]);
    expect(flags({ aktiviert: { $ne: false, $not: true } })).toEqual([false]);
    // A field after a negation is outside it again.
    expect(flags({ $not: { name: 'y' }, alter: 1 })).toEqual([false, true]);
  });

  it.each([
    [{ alter: { $gt: Infinity } }, 'Ungültiger Wert für "$gt" bei Feld "alter".'],
    [{ alter: { $lte: [1] } }, 'Ungültiger Wert für "$lte" bei Feld "alter".'],
    [{ alter: { $in: [1, NaN] } }, '"$in" bei Feld "alter" erwartet eine Liste von Werten.'],
    [{ alter: { $between: 5 } }, '"$between" bei Feld "alter" erwartet eine Liste von Werten.'],
    [{ alter: { $between: [1, 2, 3] } }, '"$between" bei Feld "alter" erwartet genau zwei Werte.'],
    [{ name: { $notLike: null } }, '"$notLike" bei Feld "name" erwartet einen Text.'],
    [{ $and: 'x' }, '"$and" erwartet eine Liste von Bedingungen.'],
    [{ $or: ['x'] }, 'Eine Bedingung in "where" muss ein Objekt sein.'],
    [{ $not: [] }, 'Eine Bedingung in "where" muss ein Objekt sein.'],
    [{ $: 1 }, 'Unbekannter Operator "$".'],
    [{ $$: 1 }, 'Unbekannter Operator "$$".'],
    [{ name: { $eq: 'a', $regexp: 'x' } }, 'Unbekannter Operator "$regexp" bei Feld "name".'],
    [{ alter: {} }, 'Leere Bedingung für Feld "alter".'],
  ])('refuses %j with exactly its message', (where, message) => {
    expect(() => compile(where)).toThrow(new Error(message));
  });

  it('counts bound values across the whole condition, up to exactly the bound', () => {
    const values = (n: number) => Array.from({ length: n }, (_, i) => i);
    expect(() => compile({ $or: [{ alter: values(5000) }, { alter: values(5000) }] })).not.toThrow();
    expect(() => compile({ $or: [{ alter: values(5000) }, { alter: values(5001) }] })).toThrow(
      'Die Bedingung enthält zu viele Werte (höchstens 10000).',
    );
    // Each compiler names its values with its own prefix.
    expect(new WhereCompiler('i3_').compile({ alter: 1 }, resolve).params).toEqual({ i3_0: 1 });
  });

  it('escapes search terms for $like', () => {
    expect(likeContains('50%_a!')).toBe('%50!%!_a!!%');
  });
});
