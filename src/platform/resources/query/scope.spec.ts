import { DomainError } from '../../../shared/domain-error';
import { defineResource } from '../resource-definition';
import { withScope } from './scope';

class Buchung {}

const vorgaenge = defineResource({
  name: 'rw-transaction',
  entity: Buchung,
  scopes: { aktuell: { child_id: null, storno: false }, neueste: { child_id: null } },
});

const fehler = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return { kind: (error as DomainError).kind, message: (error as DomainError).message };
  }
  throw new Error('kein Fehler');
};

describe('named filters (scopes)', () => {
  it('leaves a query without scope as it is', () => {
    const query = { where: { id: 3 } };
    expect(withScope(vorgaenge, query)).toBe(query);
  });

  it('stands for its condition, alone or ANDed with the where', () => {
    expect(withScope(vorgaenge, { scope: 'neueste' })).toEqual({ where: { child_id: null } });
    expect(withScope(vorgaenge, { scope: 'aktuell', where: { benutzer_id: 7 } })).toEqual({
      where: { $and: [{ child_id: null, storno: false }, { benutzer_id: 7 }] },
    });
  });

  it('refuses an unknown scope (a 400) naming it and the known ones', () => {
    expect(fehler(() => withScope(vorgaenge, { scope: 'offen' }))).toEqual({
      kind: 'invalid',
      message: 'Unbekannter Filter „offen“ für „Vorgänge“ (bekannt: aktuell, neueste).',
    });
    // Not a property of every object either.
    expect(fehler(() => withScope(vorgaenge, { scope: 'constructor' })).kind).toBe('invalid');
    expect(fehler(() => withScope({ name: 'rw-kreis', entity: Buchung }, { scope: 'aktuell' }))).toEqual({
      kind: 'invalid',
      message: '„Rechnungs-Kreise“ hat keine benannten Filter; „aktuell“ ist unbekannt.',
    });
  });
});
