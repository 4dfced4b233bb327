import { domainError as fehler } from '../../shared/domain-error.testing';
import { bezahlTypLabel, isKategorie, kategorieIdFeld, kategorieObjekt } from './kategorie';

describe('billing categories (spec 002 §3)', () => {
  it('knows the four categories and nothing else', () => {
    for (const kategorie of ['seminare', 'abos', 'bundle', 'produkte'])
      expect(isKategorie(kategorie)).toBe(true);
    for (const anderes of ['Seminare', 'seminar', '', null, 1, ['seminare']])
      expect(isKategorie(anderes)).toBe(false);
  });

  it('maps each category to the id field its records use', () => {
    expect(kategorieIdFeld('seminare')).toBe('veranstaltung_id');
    expect(kategorieIdFeld('abos')).toBe('wb_abo_id');
    expect(kategorieIdFeld('bundle')).toBe('wb_bundle_id');
    expect(kategorieIdFeld('produkte')).toBe('warenkorb_id');
    expect(() => kategorieIdFeld('rechnungen')).toThrow(new RangeError('bad category'));
  });

  it('labels the payment types in German and shows unknown ones as they are', () => {
    expect(bezahlTypLabel('debit')).toBe('Einzugsermächtigung');
    expect(bezahlTypLabel('transfer')).toBe('Überweisung');
    expect(bezahlTypLabel('bar')).toBe('bar');
    expect(bezahlTypLabel(null)).toBe('');
    expect(bezahlTypLabel(undefined)).toBe('');
  });
});

describe('the billed object of a billing verb (spec 002 §8)', () => {
  it('takes a category with a positive id, also given as digits', () => {
    expect(kategorieObjekt({ category: 'seminare', category_id: 12 })).toEqual({
      category: 'seminare',
      feld: 'veranstaltung_id',
      id: 12,
    });
    expect(kategorieObjekt({ category: 'produkte', category_id: '17' })).toEqual({
      category: 'produkte',
      feld: 'warenkorb_id',
      id: 17,
    });
  });

  it("answers 'bad category' for an unknown or missing category", () => {
    for (const body of [{ category: 'rechnungen', category_id: 1 }, { category: 5, category_id: 1 }, {}]) {
      const error = fehler(() => kategorieObjekt(body));
      expect([error.kind, error.code, error.message]).toEqual(['invalid', 'BAD_CATEGORY', 'bad category']);
    }
  });

  it.each([0, -3, 1.5, '', '12a', ' 12', '-1', '1e3', 2 ** 53, null, undefined])(
    'refuses the id %p in German',
    (category_id) => {
      const error = fehler(() => kategorieObjekt({ category: 'abos', category_id }));
      expect([error.kind, error.code, error.message]).toEqual([
        'invalid',
        'CATEGORY_ID',
        '„category_id“ muss die ID des abzurechnenden Eintrags sein.',
      ]);
    },
  );

  it('takes the smallest id', () => {
    expect(kategorieObjekt({ category: 'bundle', category_id: 1 }).id).toBe(1);
    expect(kategorieObjekt({ category: 'bundle', category_id: '1' }).id).toBe(1);
  });
});
