import type { z } from 'zod';
import { pruefeKoerper, type Beschriftung } from '../../../platform/http/zod-body';
import { unbeschriftet } from '../../../platform/http/zod-body.testing';
import { ungueltigeEingabe } from '../../../shared/domain-error.testing';
import {
  BESCHEINIGUNGEN,
  BescheinigungenKoerper,
  DOWNLOAD_DATEN,
  DownloadDatenKoerper,
  EINLADUNG,
  EinladungKoerper,
  NichtTeilnahmeKoerper,
  TEILNAHME,
  TeilnahmeKoerper,
} from './seminars.schemas';

describe('undoing non-participation', () => {
  const pruefe = (body: unknown) => pruefeKoerper(TeilnahmeKoerper, body, TEILNAHME);

  it('takes the records as a list or as {ids}, or what was recorded, each event once', () => {
    expect(pruefe([3, '4'])).toEqual({ ids: [3, 4] });
    expect(pruefe({ ids: [5] })).toEqual({ ids: [5] });
    expect(pruefe({ benutzer_id: 1, veranstaltung_id: 2, event_ids: [7, 7] })).toEqual({
      aenderung: { benutzer_id: 1, veranstaltung_id: 2, event_ids: [7] },
    });
  });

  it('names the field of what was recorded when it is incomplete, and a bad id of the list', () => {
    expect(ungueltigeEingabe(() => pruefe({ benutzer_id: 1, event_ids: 'alle' }))).toBe(
      'Bitte prüfen Sie die Eingaben: „Seminar“ fehlt; „Termine“ muss eine Liste sein.',
    );
    expect(ungueltigeEingabe(() => pruefe([1, 'x']))).toBe(
      'Bitte prüfen Sie die Eingaben: „IDs › Eintrag 2“ muss eine gültige ID sein.',
    );
  });
});

describe('the data part of a download upload', () => {
  const pruefe = (data: unknown) => pruefeKoerper(DownloadDatenKoerper, data, DOWNLOAD_DATEN);

  it('reads JSON text and objects, nothing as no fields', () => {
    expect(pruefe('{"title":"Skript"}')).toEqual({ title: 'Skript' });
    expect(pruefe({ title: 'Skript' })).toEqual({ title: 'Skript' });
    expect(pruefe(undefined)).toEqual({});
  });

  it('refuses a part that is neither, naming it', () => {
    expect(ungueltigeEingabe(() => pruefe(5))).toBe(
      'Bitte prüfen Sie die Eingaben: „Angaben zur Datei“ müssen aus Feldern mit Werten bestehen.',
    );
  });
});

describe('every field of seminars’s bodies', () => {
  it.each<[string, z.core.$ZodType, Beschriftung]>([
    ['undone non-participation', TeilnahmeKoerper, TEILNAHME],
    ['recorded non-participation', NichtTeilnahmeKoerper, TEILNAHME],
    ['certificates', BescheinigungenKoerper, BESCHEINIGUNGEN],
    ['invitation', EinladungKoerper, EINLADUNG],
  ])('of the %s is named by its German label', (_, schema, beschriftung) => {
    expect(unbeschriftet(schema, beschriftung)).toEqual([]);
  });
});
