import type { EntityManager } from 'typeorm';
import { DomainError } from '../../../shared/domain-error';
import { defineResource } from '../resource-definition';
import { withScope } from './scope';

class Buchung {}

/** Stands in for the database a filter with an argument looks in: seminar 5 has events 51 and 52. */
const db = { read: jest.fn(), manager: {} as EntityManager };
const EVENTS: Record<number, number[]> = { 5: [51, 52] };

const vorgaenge = defineResource({
  name: 'rw-transaction',
  entity: Buchung,
  scopes: { aktuell: { child_id: null, storno: false }, neueste: { child_id: null } },
  parameterScopes: {
    seminar: {
      description: 'die Vorgänge des Seminars und seiner Veranstaltungen',
      async condition(id, d) {
        expect(d).toBe(db);
        return { $or: [{ veranstaltung_id: id }, { veranstaltung_event_id: { $in: EVENTS[id] ?? [] } }] };
      },
    },
  },
});

const fehler = async (fn: () => Promise<unknown>) => {
  const error = await fn().then(
    () => new Error('kein Fehler'),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  return { kind: (error as DomainError).kind, message: (error as DomainError).message };
};

describe('named filters (scopes)', () => {
  it('leaves a query without scope as it is', async () => {
    const query = { where: { id: 3 } };
    expect(await withScope(vorgaenge, query, db)).toBe(query);
  });

  it('stands for its condition, alone or ANDed with the where', async () => {
    expect(await withScope(vorgaenge, { scope: 'neueste' }, db)).toEqual({ where: { child_id: null } });
    expect(await withScope(vorgaenge, { scope: 'aktuell', where: { benutzer_id: 7 } }, db)).toEqual({
      where: { $and: [{ child_id: null, storno: false }, { benutzer_id: 7 }] },
    });
  });

  it('takes a filter with a number and several filters separated by commas', async () => {
    expect(
      await withScope(vorgaenge, { scope: 'aktuell, seminar:5', where: { benutzer_id: 7 } }, db),
    ).toEqual({
      where: {
        $and: [
          { child_id: null, storno: false },
          { $or: [{ veranstaltung_id: 5 }, { veranstaltung_event_id: { $in: [51, 52] } }] },
          { benutzer_id: 7 },
        ],
      },
    });
  });

  it('refuses a filter with a number without a good one, and a number for a plain filter', async () => {
    const braucht = 'Der Filter „seminar“ braucht eine Nummer, z. B. „seminar:17“.';
    for (const scope of ['seminar', 'seminar:', 'seminar:0', 'seminar:x', 'seminar:1.5', 'seminar:5:6'])
      expect(await fehler(() => withScope(vorgaenge, { scope }, db))).toEqual({
        kind: 'invalid',
        message: braucht,
      });
    expect((await fehler(() => withScope(vorgaenge, { scope: 'aktuell:5' }, db))).message).toBe(
      'Unbekannter Filter „aktuell:5“ für „Vorgänge“ (bekannt: aktuell, neueste, seminar:Nummer).',
    );
  });

  it('refuses an unknown scope (a 400) naming it and the known ones', async () => {
    expect(await fehler(() => withScope(vorgaenge, { scope: 'offen' }, db))).toEqual({
      kind: 'invalid',
      message: 'Unbekannter Filter „offen“ für „Vorgänge“ (bekannt: aktuell, neueste, seminar:Nummer).',
    });
    // Not a property of every object either.
    expect((await fehler(() => withScope(vorgaenge, { scope: 'constructor' }, db))).kind).toBe('invalid');
    expect(
      await fehler(() => withScope({ name: 'rw-kreis', entity: Buchung }, { scope: 'aktuell' }, db)),
    ).toEqual({
      kind: 'invalid',
      message: '„Rechnungs-Kreise“ hat keine benannten Filter; „aktuell“ ist unbekannt.',
    });
  });
});
