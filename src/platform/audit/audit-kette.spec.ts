import { KETTENANFANG, KettenPruefung, kanonisch, kettenHash, type KettenZeile } from './audit-kette';

/** A valid chain of `n` rows with ids from 1. */
function kette(n: number): KettenZeile[] {
  const zeilen: KettenZeile[] = [];
  let vorher = KETTENANFANG;
  for (let id = 1; id <= n; id++) {
    const inhalt = {
      id,
      createdAt: new Date(Date.UTC(2026, 10, 27, 10, 0, id, 250)),
      user_id: 1,
      user_name: 'Admin',
      resource: 'rw-rechnung',
      record_id: 100 + id,
      action: 'zahlung',
      changes: { betrag: { before: null, after: 12.5 * id }, art: { after: 'eingang' } },
    };
    const hash = kettenHash(vorher, inhalt);
    zeilen.push({ ...inhalt, hash, vorgaenger_hash: vorher });
    vorher = hash;
  }
  return zeilen;
}

function pruefe(zeilen: KettenZeile[], kopf = { letzte_id: 4, letzter_hash: kette(4)[3].hash }) {
  const p = new KettenPruefung();
  for (const z of zeilen) {
    const bruch = p.pruefe(z);
    if (bruch) return bruch;
  }
  return p.ende(kopf);
}

describe('the audit chain (issue 29)', () => {
  it('hashes the content independent of key order and of milliseconds the database drops', () => {
    expect(kanonisch({ b: 1, a: { d: [1, { y: 2, x: 1 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[1,{"x":1,"y":2}]},"b":1}',
    );
    const [z] = kette(1);
    expect(
      kettenHash(KETTENANFANG, {
        ...z,
        changes: { art: { after: 'eingang' }, betrag: { after: 12.5, before: null } },
      }),
    ).toBe(z.hash);
    expect(kettenHash(KETTENANFANG, { ...z, createdAt: new Date(z.createdAt.getTime() - 250) })).toBe(z.hash);
    expect(kettenHash(KETTENANFANG, { ...z, createdAt: new Date(z.createdAt.getTime() + 1000) })).not.toBe(
      z.hash,
    );
    expect(kettenHash('f'.repeat(64), z)).not.toBe(z.hash);
  });

  it('accepts an intact chain ending where its head says', () => {
    expect(pruefe(kette(4))).toBeNull();
    expect(new KettenPruefung().ende({ letzte_id: null, letzter_hash: null })).toBeNull();
  });

  it('names a row whose content was changed', () => {
    const zeilen = kette(4);
    zeilen[2] = { ...zeilen[2], user_name: 'Jemand anders' };
    expect(pruefe(zeilen)).toMatchObject({
      id: 3,
      tabelle: 'audit',
      bereich: 'rw-rechnung',
      eintrag: 103,
      fehler: 'inhalt',
    });
  });

  it('names the gap a deleted row leaves, also at the start', () => {
    const zeilen = kette(4);
    expect(pruefe([zeilen[0], zeilen[2], zeilen[3]])).toMatchObject({
      id: 3,
      fehler: 'vorgaenger',
      luecke: { nach: 1, vor: 3 },
      meldung: expect.stringContaining('gelöscht'),
    });
    expect(pruefe(zeilen.slice(1))).toMatchObject({
      id: 2,
      fehler: 'vorgaenger',
      luecke: { nach: null, vor: 2 },
    });
  });

  it('finds a row re-hashed after a change by the row after it', () => {
    const zeilen = kette(4);
    const geaendert = { ...zeilen[1], action: 'delete' };
    zeilen[1] = { ...geaendert, hash: kettenHash(geaendert.vorgaenger_hash!, geaendert) };
    expect(pruefe(zeilen)).toMatchObject({ id: 3, fehler: 'vorgaenger' });
  });

  it('names rows without a hash and rows missing at the end', () => {
    const zeilen = kette(4);
    expect(pruefe([...zeilen.slice(0, 3), { ...zeilen[3], hash: null }])).toMatchObject({
      id: 4,
      fehler: 'ohne_pruefsumme',
    });
    expect(pruefe(zeilen.slice(0, 3))).toMatchObject({
      fehler: 'ende',
      meldung: expect.stringContaining('fehlen'),
      luecke: { nach: 3, vor: null },
    });
  });
});
