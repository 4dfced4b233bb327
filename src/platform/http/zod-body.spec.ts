import { z } from 'zod';
import { domainError } from '../../shared/domain-error.testing';
import { toErrorBody } from './error.filter';
import { id, pruefeKoerper, ZodBodyPipe } from './zod-body';
import { unbeschriftet } from './zod-body.testing';

const Serie = z.object({
  num: z.int().min(1).max(10_000),
  titel: z.string().max(255).nullish(),
  typ: z.enum(['full', 'percent', 'reduction']).default('full'),
  relation_id: id,
});

describe('pruefeKoerper', () => {
  it('answers the parsed body, defaults applied and digit ids as numbers', () => {
    expect(pruefeKoerper(Serie, { num: 3, relation_id: '12' })).toEqual({
      num: 3,
      typ: 'full',
      relation_id: 12,
    });
  });

  it('refuses with a 400 in the house shape, naming each field by its German label', () => {
    const fehler = domainError(() =>
      pruefeKoerper(Serie, { num: 0, typ: 'gratis', titel: 'x'.repeat(256) }, { resource: 'wb-voucher' }),
    );
    expect(toErrorBody(fehler)).toEqual({
      statusCode: 400,
      code: 'INVALID_FIELDS',
      message:
        'Bitte prüfen Sie die Eingaben: „Anzahl“ muss mindestens 1 sein; „Titel“ darf höchstens 255 Zeichen lang sein; „Gutscheinart“ hat einen unzulässigen Wert; „Seminar“ fehlt.',
      errors: {
        num: 'muss mindestens 1 sein',
        titel: 'darf höchstens 255 Zeichen lang sein',
        typ: 'hat einen unzulässigen Wert',
        relation_id: 'fehlt',
      },
    });
  });

  it('says what a value of the wrong type should be, and counts list entries from 1', () => {
    const Liste = z.object({ ids: z.array(id), preis: z.number(), aktiv: z.boolean() });
    const fehler = domainError(() =>
      pruefeKoerper(Liste, { ids: [1, 'x'], preis: '3', aktiv: 1 }, { labels: { ids: 'Benutzer' } }),
    );
    expect(fehler.message).toBe(
      'Bitte prüfen Sie die Eingaben: „Benutzer › Eintrag 2“ muss eine gültige ID sein; „preis“ muss eine Zahl sein; „aktiv“ muss ja oder nein sein.',
    );
  });

  it('names the body as a whole when it is not what the route takes', () => {
    const fehler = domainError(() => pruefeKoerper(z.array(id).min(1), {}, { ganzes: 'IDs' }));
    expect(fehler.message).toBe('Bitte prüfen Sie die Eingaben: „IDs“ muss eine Liste sein.');
    expect(domainError(() => pruefeKoerper(z.array(id).min(1), [], { ganzes: 'IDs' })).errors).toEqual({
      '': 'darf nicht leer sein',
    });
  });

  it('keeps a message the schema gives itself', () => {
    const Zeit = z.object({ versand_time: z.iso.datetime({ error: 'ist kein gültiger Zeitpunkt' }) });
    expect(domainError(() => pruefeKoerper(Zeit, { versand_time: 'morgen' })).errors).toEqual({
      versand_time: 'ist kein gültiger Zeitpunkt',
    });
  });

  it('formats bounds the German way', () => {
    expect(domainError(() => pruefeKoerper(Serie, { num: 10_001, relation_id: 1 })).errors).toEqual({
      num: 'darf höchstens 10.000 sein',
    });
  });
});

describe('ZodBodyPipe', () => {
  it('is the same check as a Nest pipe', () => {
    const pipe = new ZodBodyPipe(z.object({ code: z.string().min(1) }), { resource: 'wb-voucher' });
    expect(pipe.transform({ code: 'ABC' })).toEqual({ code: 'ABC' });
    expect(domainError(() => pipe.transform({ code: '' })).message).toBe(
      'Bitte prüfen Sie die Eingaben: „Code“ darf nicht leer sein.',
    );
  });
});

describe('unbeschriftet', () => {
  it('finds the fields neither the body nor the vocabulary labels, through lists, wrappers, unions and pipes', () => {
    const schema = z.preprocess(
      (body) => body,
      z.object({
        titel: z.string().nullish(),
        zeilen: z.array(z.object({ menge: z.int(), ware_id: id })).default([]),
        wahl: z.union([z.object({ a_code: z.string() }), z.object({ b_code: z.string() })]).optional(),
      }),
    );
    expect(unbeschriftet(schema, { resource: 'wb-voucher' })).toEqual([
      'zeilen',
      'menge',
      'ware_id',
      'wahl',
      'a_code',
      'b_code',
    ]);
    expect(
      unbeschriftet(schema, {
        resource: 'wb-voucher',
        labels: { zeilen: 'Zeilen', menge: 'Menge', ware_id: 'Ware', wahl: 'Wahl', a_code: 'A', b_code: 'B' },
      }),
    ).toEqual([]);
  });
});
