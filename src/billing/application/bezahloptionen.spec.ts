import type { KategorieObjekt } from '../domain/kategorie';
import { Bezahloptionen } from './bezahloptionen';
import { AbrechnungsspeicherInMemory } from './ports/abrechnungsspeicher.testing';

const SEMINAR: KategorieObjekt = { category: 'seminare', feld: 'veranstaltung_id', id: 7 };
const ANDERES: KategorieObjekt = { category: 'seminare', feld: 'veranstaltung_id', id: 8 };

function aufbau() {
  const speicher = new AbrechnungsspeicherInMemory();
  const option = (id: number, benutzer_id: number, objekt: KategorieObjekt, skript_per_post = false) => ({
    id,
    benutzer_id,
    typ: 'transfer' as const,
    adresse: null,
    konto: null,
    objekt,
    skript_per_post,
  });
  speicher.tabellen.zahlungswege.push(
    option(1, 11, SEMINAR, true),
    option(2, 10, SEMINAR),
    option(3, 10, ANDERES),
  );
  return { speicher, optionen: new Bezahloptionen(speicher) };
}

describe('Bezahloptionen (against the in-memory Abrechnungsspeicher)', () => {
  it('lists the members with a payment option for the object named by where, as JSON text or object', async () => {
    const { optionen } = aufbau();
    const erwartet = [
      { id: 2, benutzer_id: 10, skript_per_post: false },
      { id: 1, benutzer_id: 11, skript_per_post: true },
    ];

    expect(await optionen.mehrere('{"category":"seminare","veranstaltung_id":7}')).toEqual(erwartet);
    expect(await optionen.mehrere({ category: 'seminare', veranstaltung_id: 7 })).toEqual(erwartet);
    expect(() => optionen.mehrere('{category')).toThrow(
      expect.objectContaining({
        code: 'INVALID_WHERE',
        message: 'Parameter „where“ ist kein gültiges JSON.',
      }),
    );
    expect(() => optionen.mehrere({ category: 'seminare' })).toThrow();
  });

  it("deletes the member's option for this object only, and audits it", async () => {
    const { speicher, optionen } = aufbau();

    const ergebnis = await optionen.loeschen(
      { benutzer_id: '10', category: 'seminare', category_id: '7' },
      null,
    );

    expect(ergebnis).toEqual({ deleted: 1 });
    expect(speicher.tabellen.zahlungswege.map((o) => o.id)).toEqual([1, 3]);
    expect(speicher.tabellen.audit).toMatchObject([
      {
        resource: 'rw-bezahloption',
        recordId: 2,
        action: 'delete',
        changes: { benutzer_id: { before: 10 } },
      },
    ]);
  });

  it('refuses a request without a member id and deletes nothing', async () => {
    const { speicher, optionen } = aufbau();

    for (const benutzer_id of [undefined, '0', '-3', 'abc', '1.5'])
      expect(() => optionen.loeschen({ benutzer_id, category: 'seminare', category_id: '7' }, null)).toThrow(
        expect.objectContaining({
          code: 'BENUTZER_FEHLT',
          message: '„benutzer_id“ muss die ID eines Mitglieds sein.',
        }),
      );
    expect(speicher.tabellen.zahlungswege).toHaveLength(3);
  });
});
