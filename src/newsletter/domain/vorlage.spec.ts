import { domainError as fehler } from '../../shared/domain-error.testing';
import { autoGruppen, vorlageSpeichern } from './vorlage';

const GRUPPEN = new Set([1, 2, 3]);

describe('the group lists of an automation', () => {
  it('reads ids, also from the objects the edit window sends', () => {
    expect(autoGruppen({ versand_gruppen: [1, '2', { id: 3 }], ausschluss_gruppen: [{ id: '4' }] })).toEqual({
      versand: [1, 2, 3],
      ausschluss: [4],
    });
    expect(autoGruppen(null)).toEqual({ versand: [], ausschluss: [] });
    expect(autoGruppen({ versand_gruppen: 'alle' })).toEqual({ versand: [], ausschluss: [] });
  });
});

describe('saving a newsletter template (spec 002 §3, §5, §9)', () => {
  it('stores the content scheme parsed, whether it came as text or as an object', () => {
    const scheme = { titel: 'String', text: 'HTML|200', punkte: [{ text: 'String' }] };
    expect(vorlageSpeichern({ json_content_scheme: JSON.stringify(scheme) }, GRUPPEN)).toEqual({
      json_content_scheme: scheme,
    });
    expect(vorlageSpeichern({ json_content_scheme: scheme }, GRUPPEN)).toEqual({
      json_content_scheme: scheme,
    });
    expect(vorlageSpeichern({ json_content_scheme: null, data: null, titel: 'X' }, GRUPPEN)).toEqual({});
  });

  it('refuses a scheme outside the grammar, naming the field', () => {
    const error = fehler(() => vorlageSpeichern({ json_content_scheme: '{"titel": ' }, GRUPPEN));
    expect(error.errors).toEqual({ json_content_scheme: 'ist kein gültiges JSON' });
    expect(error.message).toBe(
      'Bitte prüfen Sie die Eingaben: „json_content_scheme“ ist kein gültiges JSON.',
    );
    expect(
      fehler(() => vorlageSpeichern({ json_content_scheme: { titel: 'Farbe' } }, GRUPPEN)).errors,
    ).toEqual({
      json_content_scheme: expect.stringMatching(/^hat bei „titel“ einen unbekannten Feldtyp/),
    });
  });

  it('accepts automation data with known groups in one list each', () => {
    expect(
      vorlageSpeichern(
        { data: { versand_gruppen: [1, 2], ausschluss_gruppen: [{ id: 3 }], auto_minutes: 60 } },
        GRUPPEN,
      ),
    ).toEqual({});
  });

  it('refuses data that is no object', () => {
    expect(fehler(() => vorlageSpeichern({ data: [1] }, GRUPPEN)).errors).toEqual({
      data: 'muss ein Objekt sein',
    });
    expect(fehler(() => vorlageSpeichern({ data: 'auto' }, GRUPPEN)).errors).toEqual({
      data: 'muss ein Objekt sein',
    });
  });

  it('refuses unknown groups and a group in both lists, and checks the send time fields', () => {
    const error = fehler(() =>
      vorlageSpeichern(
        { data: { versand_gruppen: [1, 7], ausschluss_gruppen: [{ id: 1 }, 9], auto_minutes: 0 } },
        GRUPPEN,
      ),
    );
    expect(error.errors).toEqual({
      'data.auto_minutes': 'muss eine ganze Zahl von 1 bis 480 sein',
      'data.versand_gruppen': 'enthält unbekannte Gruppen (7, 9)',
      'data.ausschluss_gruppen': 'enthält Gruppen, die schon Versand-Gruppen sind (1)',
    });
  });
});
