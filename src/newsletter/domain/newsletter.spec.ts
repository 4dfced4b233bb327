import { leseContentScheme, type ContentScheme } from '../../../common/newsletter';
import { DomainError } from '../../shared/domain-error';
import { empfaengerAuswahl, newsletterInhalt, pruefeGruppen, pruefeNewsletterloeschung } from './newsletter';
import { vorlageSpeichern } from './vorlage';

const feldFehler = (arbeit: () => unknown): Record<string, string> | undefined => {
  try {
    arbeit();
  } catch (error) {
    if (error instanceof DomainError) return error.errors;
    throw error;
  }
  return undefined;
};

describe('deleting a newsletter', () => {
  it('is refused once a dispatch has begun or gone out', () => {
    expect(() => pruefeNewsletterloeschung(1)).toThrow(
      'Ein Newsletter, dessen Versand begonnen hat oder abgeschlossen ist, kann nicht gelöscht werden.',
    );
    expect(() => pruefeNewsletterloeschung(0)).not.toThrow();
  });
});

describe('send and exclusion groups of a save', () => {
  const vorhanden = new Set([1, 2, 3]);
  it.each([
    [[1], [2], undefined],
    [[], [], undefined],
    [[1, 9], [2], { Benutzer_Gruppes: 'enthält unbekannte Gruppen (9)' }],
    [[1], [8], { Ausschluss_Gruppes: 'enthält unbekannte Gruppen (8)' }],
    [[1, 2], [2, 3], { Ausschluss_Gruppes: 'enthält Gruppen, die schon Versand-Gruppen sind (2)' }],
  ])('%j / %j → %j', (versand, ausschluss, fehler) =>
    expect(feldFehler(() => pruefeGruppen(versand, ausschluss, vorhanden))).toEqual(fehler),
  );

  it('hands the recipient computation both lists and the duplicate flag', () =>
    expect(empfaengerAuswahl({ allow_duplicate_email: true, versand: [1, 2], ausschluss: [3] })).toEqual({
      gruppen: [1, 2],
      ausschluss: [3],
      duplikate: true,
    }));
});

describe('the contents of a newsletter', () => {
  const scheme = (leseContentScheme({ text: 'HTML', zahl: 'Number' }) as { wert: ContentScheme }).wert;
  const sicher = (html: string) => html.replace(/<script>.*<\/script>/, '');

  it('makes body and HTML fields safe and leaves other values alone', () =>
    expect(
      newsletterInhalt(
        { body: 'a<script>x</script>', json_content: { text: 'b<script>y</script>', zahl: 2 } },
        scheme,
        sicher,
      ),
    ).toEqual({ body: 'a', json_content: { text: 'b', zahl: 2 } }));

  it.each([
    [{ json_content: { zahl: 'zwei' } }, scheme, 'passt nicht zur Vorlage: „zahl“ muss eine Zahl sein'],
    [{ json_content: { text: 'x' } }, null, 'braucht eine Vorlage mit Inhaltsschema'],
  ])('refuses %j', (werte, s, fehler) =>
    expect(feldFehler(() => newsletterInhalt(werte, s, sicher))).toEqual({ json_content: fehler }),
  );

  it('leaves out what the save does not change', () =>
    expect(newsletterInhalt({}, scheme, sicher)).toEqual({}));
});

describe('saving a template', () => {
  it('stores a scheme typed as text parsed', () =>
    expect(vorlageSpeichern({ json_content_scheme: '{"a": "String"}' }, new Set())).toEqual({
      json_content_scheme: { a: 'String' },
    }));

  it.each([
    [{ json_content_scheme: '{kaputt' }, { json_content_scheme: 'ist kein gültiges JSON' }],
    [{ data: [] }, { data: 'muss ein Objekt sein' }],
    [
      { data: { auto_minutes: 30, auto_vortage: 20, versand_gruppen: [4] } },
      {
        'data.auto_vortage': 'ist nicht möglich, solange Minuten vor Beginn gesetzt sind',
        'data.versand_gruppen': 'enthält unbekannte Gruppen (4)',
      },
    ],
    [
      { data: { versand_gruppen: [1], ausschluss_gruppen: [{ id: 1 }] } },
      { 'data.ausschluss_gruppen': 'enthält Gruppen, die schon Versand-Gruppen sind (1)' },
    ],
  ])('refuses %j', (values, fehler) =>
    expect(feldFehler(() => vorlageSpeichern(values, new Set([1])))).toEqual(fehler),
  );
});
