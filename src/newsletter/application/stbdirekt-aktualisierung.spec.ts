/** The StBdirekt refresh: offered to the academy only, with a configured service and a fitting template. */
import type { NewsletterBestand, VorlagenDaten } from './ports/newsletter-bestand';
import type { StbdirektInhalte } from './ports/stbdirekt-inhalte';
import { STBDIREKT_VERBAND, StbdirektAktualisierung } from './stbdirekt-aktualisierung';

const VORLAGE: VorlagenDaten = {
  vorlage: null,
  external_data_type: 'StBdirekt',
  json_content_scheme: { titel: 'String' },
};

function aktualisierung({
  konfiguriert = true,
  vorlage = VORLAGE as VorlagenDaten | null,
  inhalte = async (): Promise<Record<string, unknown>> => ({ titel: 'Steuernews', extra: 1 }),
} = {}) {
  const bestand = { vorlage: async () => vorlage } as unknown as NewsletterBestand;
  const stbdirekt = { konfiguriert, inhalte } as unknown as StbdirektInhalte;
  return new StbdirektAktualisierung(bestand, stbdirekt);
}

const abgelehnt = (promise: Promise<unknown>) => promise.catch((error: unknown) => error);

describe('StBdirekt refresh', () => {
  it('is offered to the academy with a configured service only', () => {
    expect(STBDIREKT_VERBAND).toBe(2);
    expect(aktualisierung().verfuegbar(2)).toBe(true);
    expect(aktualisierung().verfuegbar(3)).toBe(false);
    expect(aktualisierung().verfuegbar(null)).toBe(false);
    expect(aktualisierung({ konfiguriert: false }).verfuegbar(2)).toBe(false);
  });

  it("answers the service's contents cut to the template's scheme", async () => {
    expect(await aktualisierung().inhalt(5, 2)).toEqual({ json_content: { titel: 'Steuernews' } });
  });

  it.each([
    [
      'another association',
      {},
      3,
      'STBDIREKT_NUR_AKADEMIE',
      'StBdirekt-Inhalte gibt es nur für die Akademie.',
    ],
    [
      'no service',
      { konfiguriert: false },
      2,
      'STBDIREKT_NICHT_EINGERICHTET',
      'StBdirekt ist nicht eingerichtet.',
    ],
    ['no template', { vorlage: null }, 2, 'VORLAGE_FEHLT', 'Die Vorlage 5 wurde nicht gefunden.'],
    [
      'a template of other contents',
      { vorlage: { ...VORLAGE, external_data_type: null } },
      2,
      'KEINE_STBDIREKT_VORLAGE',
      'Die Vorlage bezieht keine StBdirekt-Inhalte.',
    ],
    [
      'a template without scheme',
      { vorlage: { ...VORLAGE, json_content_scheme: null } },
      2,
      'VORLAGE_OHNE_SCHEMA',
      'Die Vorlage hat kein gültiges Inhaltsschema.',
    ],
    [
      'a template with a broken scheme',
      { vorlage: { ...VORLAGE, json_content_scheme: { titel: 'Unbekannt' } } },
      2,
      'VORLAGE_OHNE_SCHEMA',
      'Die Vorlage hat kein gültiges Inhaltsschema.',
    ],
    [
      'a failing service',
      { inhalte: () => Promise.reject(new Error('503')) },
      2,
      'STBDIREKT_FEHLER',
      'Die StBdirekt-Inhalte konnten nicht geladen werden.',
    ],
    [
      'an answer that does not fit',
      { inhalte: async () => ({ titel: 42 }) },
      2,
      'STBDIREKT_FEHLER',
      'Die StBdirekt-Inhalte konnten nicht geladen werden.',
    ],
  ])('refuses with %s', async (_, mit, verband, code, message) => {
    expect(await abgelehnt(aktualisierung(mit).inhalt(5, verband))).toMatchObject({ code, message });
  });
});
