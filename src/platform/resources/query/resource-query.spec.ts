import { DomainError } from '../../../shared/domain-error';
import { parseResourceQuery } from './resource-query';

const refusal = (raw: Record<string, unknown>): string => {
  try {
    parseResourceQuery(raw);
  } catch (error) {
    expect((error as DomainError).kind).toBe('invalid');
    return (error as DomainError).message;
  }
  throw new Error('accepted');
};

describe('parseResourceQuery', () => {
  it('reads the structured parameters from their JSON text', () => {
    expect(
      parseResourceQuery({
        where: '{"id":{"$gt":1}}',
        include: '[{"association":"Benutzer_Emails","include":["Benutzer_Gruppes"]}]',
        order: '[["nachname","DESC"]]',
        limit: '13',
        offset: '26',
        count: 'true',
      }),
    ).toEqual({
      where: { id: { $gt: 1 } },
      attributes: undefined,
      include: [
        {
          association: 'Benutzer_Emails',
          attributes: undefined,
          where: undefined,
          required: undefined,
          include: [{ association: 'Benutzer_Gruppes', include: [] }],
        },
      ],
      order: [{ path: 'nachname', direction: 'DESC' }],
      limit: 13,
      offset: 26,
      count: true,
      distinct: false,
      group: undefined,
      search: undefined,
    });
  });

  it('takes a scope by name, plain or JSON-encoded, and refuses anything else', () => {
    expect(parseResourceQuery({ scope: 'aktuell' }).scope).toBe('aktuell');
    expect(parseResourceQuery({ scope: '"aktuell"' }).scope).toBe('aktuell');
    expect(parseResourceQuery({ scope: ' ' }).scope).toBeUndefined();
    expect(refusal({ scope: '["aktuell"]' })).toBe('Parameter "scope" muss der Name eines Filters sein.');
    expect(refusal({ scope: ['aktuell', 'neueste'] })).toBe(
      'Parameter "scope" darf nur einmal angegeben werden.',
    );
  });

  it('nests includes at most three levels deep', () => {
    const nested = (depth: number): unknown =>
      depth === 1 ? ['A'] : [{ association: 'A', include: nested(depth - 1) }];
    expect(() => parseResourceQuery({ include: JSON.stringify(nested(3)) })).not.toThrow();
    expect(refusal({ include: JSON.stringify(nested(4)) })).toBe(
      'Verknüpfungen in "include" können höchstens 3 Ebenen tief verschachtelt werden.',
    );
  });

  it('refuses an association included twice at one level', () => {
    expect(refusal({ include: '["Benutzer_Emails","Benutzer_Emails"]' })).toBe(
      'Die Verknüpfung "Benutzer_Emails" ist in "include" mehrfach angegeben.',
    );
    expect(
      refusal({ include: '[{"association":"A","include":["B",{"association":"B","attributes":["id"]}]}]' }),
    ).toBe('Die Verknüpfung "B" ist in "include.A.include" mehrfach angegeben.');
    expect(() => parseResourceQuery({ include: '["A",{"association":"B","include":["A"]}]' })).not.toThrow();
  });

  it('takes limit and offset only as safe whole numbers', () => {
    expect(parseResourceQuery({ offset: '20' })).toMatchObject({ limit: undefined, offset: 20 });
    expect(refusal({ limit: '1e300' })).toBe('Parameter "limit" muss eine ganze Zahl ≥ 0 sein.');
    expect(refusal({ offset: '9007199254740993' })).toMatch(/"offset" muss eine ganze Zahl/);
    expect(refusal({ limit: '2.5' })).toMatch(/"limit"/);
  });

  it('refuses list parameters in bracket form, naming them, instead of ignoring them', () => {
    expect(refusal({ 'where[id][$gt]': '1' })).toBe(
      'Parameter "where[id][$gt]" wird in dieser Form nicht verstanden: „where“ bitte als einen Parameter angeben, Bedingungen und Listen als JSON (z. B. where={"id":{"$gt":1}}).',
    );
    for (const key of ['order[0][0]', 'include[]', 'attributes[0]', 'group[]', 'limit[]', 'search[x]'])
      expect(refusal({ [key]: 'x' })).toContain(`Parameter "${key}" wird in dieser Form nicht verstanden`);
    // A parser that nests brackets into objects gives the same answer.
    expect(refusal({ where: { id: { $gt: '1' } } })).toContain('Parameter "where" wird in dieser Form');
    // Other parameters (a cache buster, the client's own) are none of the query language's business.
    expect(() => parseResourceQuery({ '_[x]': '1', where: '{"id":1}' })).not.toThrow();
  });
});
