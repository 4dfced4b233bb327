import type { z } from 'zod';
import { pruefeKoerper, type Beschriftung } from '../../../platform/http/zod-body';
import { unbeschriftet } from '../../../platform/http/zod-body.testing';
import { ungueltigeEingabe } from '../../../shared/domain-error.testing';
import {
  BENUTZER,
  CSV_ABGLEICH,
  CsvAbgleichKoerper,
  HashPasswortKoerper,
  PasswortKoerper,
  ID_LISTE,
  IdListeKoerper,
  ZUSAMMENFUEHREN,
  ZusammenfuehrenKoerper,
} from './membership.schemas';

describe('the ids added to a group', () => {
  const pruefe = (body: unknown) => pruefeKoerper(IdListeKoerper, body, ID_LISTE);

  it.each([
    [
      [3, '4', 3],
      [3, 4],
    ],
    [[1], [1]],
  ])('reads the ids %j as %j', (body, ids) => {
    expect(pruefe(body)).toEqual(ids);
  });

  it.each([
    [undefined, 'Bitte prüfen Sie die Eingaben: „IDs“ fehlt.'],
    [[], 'Bitte prüfen Sie die Eingaben: „IDs“ darf nicht leer sein.'],
    [{ ids: [1] }, 'Bitte prüfen Sie die Eingaben: „IDs“ muss eine Liste sein.'],
    [
      [1, 0, 'x', 1.5, [2], true],
      'Bitte prüfen Sie die Eingaben: „IDs › Eintrag 2“ muss eine gültige ID sein; „IDs › Eintrag 3“ muss eine gültige ID sein; „IDs › Eintrag 4“ muss eine gültige ID sein; „IDs › Eintrag 5“ muss eine gültige ID sein; „IDs › Eintrag 6“ muss eine gültige ID sein.',
    ],
  ])('refuses %j', (body, meldung) => {
    expect(ungueltigeEingabe(() => pruefe(body))).toBe(meldung);
  });
});

describe('a merge request', () => {
  const pruefe = (body: unknown) => pruefeKoerper(ZusammenfuehrenKoerper, body, ZUSAMMENFUEHREN);

  it('reads ids, also as digits, and no fields to take by default', () => {
    expect(pruefe({ staying_id: '3', obsolete_id: 4 })).toEqual({ staying_id: 3, obsolete_id: 4, take: [] });
  });

  it.each([
    [{ staying_id: 0, obsolete_id: 2 }, '„Bleibender Eintrag“ muss eine gültige ID sein'],
    [{ staying_id: 1, obsolete_id: 2.5 }, '„Aufgelöster Eintrag“ muss eine gültige ID sein'],
    [{ staying_id: 1 }, '„Aufgelöster Eintrag“ fehlt'],
    [
      { staying_id: 1, obsolete_id: 2, take: 'vorname' },
      '„Übernommene Felder“ muss eine Liste von Feldnamen sein',
    ],
    [
      { staying_id: 1, obsolete_id: 2, take: ['vorname', 5] },
      '„Übernommene Felder › Eintrag 2“ muss ein Text sein',
    ],
  ])('refuses %j naming the field', (body, meldung) => {
    expect(ungueltigeEingabe(() => pruefe(body))).toBe(`Bitte prüfen Sie die Eingaben: ${meldung}.`);
  });
});

describe('a password set through hashPassword', () => {
  it('takes the Benutzer as benutzer_id or id, and names it when neither is there', () => {
    const pruefe = (body: unknown) => pruefeKoerper(HashPasswortKoerper, body, BENUTZER);
    expect(pruefe({ benutzer_id: 5, password: 'x' })).toEqual({ benutzerId: 5, password: 'x' });
    expect(pruefe({ id: '6', password: 'x' })).toEqual({ benutzerId: 6, password: 'x' });
    expect(ungueltigeEingabe(() => pruefe({ password: 'x' }))).toBe(
      'Bitte prüfen Sie die Eingaben: „Benutzer“ fehlt.',
    );
  });
});

describe('every field of membership’s bodies', () => {
  it.each<[string, z.core.$ZodType, Beschriftung]>([
    ['password hash', HashPasswortKoerper, BENUTZER],
    ['password', PasswortKoerper, BENUTZER],
    ['CSV comparison', CsvAbgleichKoerper, CSV_ABGLEICH],
    ['merge', ZusammenfuehrenKoerper, ZUSAMMENFUEHREN],
  ])('of the %s is named by its German label', (_, schema, beschriftung) => {
    expect(unbeschriftet(schema, beschriftung)).toEqual([]);
  });
});
