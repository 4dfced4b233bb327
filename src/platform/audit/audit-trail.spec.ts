import type { EntityManager, QueryRunner } from 'typeorm';
import type { AuditKettenKopf, NeueAuditZeile } from './audit-kettenkopf';
import { AuditTrail } from './audit-trail';

/** A query runner as far as the trail reads it: its data, whether a transaction runs, its depth. */
function runner() {
  const qr = {
    data: {},
    isTransactionActive: true,
    transactionDepth: 1,
    manager: {},
  } as unknown as QueryRunner & {
    transactionDepth: number;
  };
  (qr as { manager: unknown }).manager = { queryRunner: qr };
  return qr;
}

function aufbau() {
  const angehaengt: string[][] = [];
  const kette = {
    anhaengen: async (_m: EntityManager, zeilen: readonly NeueAuditZeile[]) => {
      angehaengt.push(zeilen.map((z) => z.resource));
    },
  } as unknown as AuditKettenKopf;
  return { trail: new AuditTrail(kette), angehaengt };
}

const eintrag = (resource: string) => ({ actor: null, resource, recordId: 1, action: 'update' });

describe('AuditTrail and the chain (issue 29)', () => {
  it('appends a transaction’s entries in their order just before the outermost commit', async () => {
    const { trail, angehaengt } = aufbau();
    const qr = runner();
    await trail.record(qr.manager, eintrag('a'));
    qr.transactionDepth = 2;
    await trail.record(qr.manager, eintrag('b'));
    await trail.vorCommit(qr); // the savepoint's release
    expect(angehaengt).toEqual([]);
    qr.transactionDepth = 1;
    await trail.record(qr.manager, eintrag('c'));
    await trail.vorCommit(qr);
    expect(angehaengt).toEqual([['a', 'b', 'c']]);
    await trail.vorCommit(qr);
    expect(angehaengt).toHaveLength(1);
  });

  it('drops the entries of a rolled-back savepoint and of a rolled-back transaction', async () => {
    const { trail, angehaengt } = aufbau();
    const qr = runner();
    await trail.record(qr.manager, eintrag('bleibt'));
    qr.transactionDepth = 2;
    await trail.record(qr.manager, eintrag('weg'));
    qr.transactionDepth = 1; // ROLLBACK TO SAVEPOINT lowered the depth before the event
    trail.nachRollback(qr);
    await trail.vorCommit(qr);
    expect(angehaengt).toEqual([['bleibt']]);

    await trail.record(qr.manager, eintrag('auch weg'));
    (qr as { isTransactionActive: boolean }).isTransactionActive = false;
    qr.transactionDepth = 0;
    trail.nachRollback(qr);
    expect(qr.data).toEqual({});
  });

  it('refuses an unknown action and stores changes as JSON reads them back', async () => {
    const { trail } = aufbau();
    const qr = runner();
    await expect(trail.record(qr.manager, { ...eintrag('x'), action: 'erfunden' })).rejects.toThrow(
      'erfunden',
    );
    await trail.record(qr.manager, {
      ...eintrag('x'),
      changes: { am: { after: new Date('2026-01-02T03:04:05.678Z') as unknown as string } },
    });
    const [{ zeile }] = (qr.data as { auditKette: { zeile: NeueAuditZeile }[] }).auditKette;
    expect(zeile.changes).toEqual({ am: { after: '2026-01-02T03:04:05.678Z' } });
    expect(zeile.createdAt.getMilliseconds()).toBe(0);
  });
});
