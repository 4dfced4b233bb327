import { alsDaten, mitDaten, regelFelder } from './gruppe-felder';

describe('the data fields of the group window', () => {
  it('shows the keys of data as data.… fields', () => {
    expect(mitDaten({ id: 1, data: { auto_stb_neuzugelassen_jahr: 2024 } })).toEqual({
      id: 1,
      data: { auto_stb_neuzugelassen_jahr: 2024 },
      'data.auto_stb_neuzugelassen_jahr': 2024,
    });
    expect(mitDaten({ id: 1, data: null })).toEqual({ id: 1, data: null });
  });

  it.each([
    [{ name: 'x' }, { name: 'x' }],
    [
      { 'data.auto_abo_storno_stichwort': 'Praxis' },
      { data: { andere: 1, auto_abo_storno_stichwort: 'Praxis' } },
    ],
    [
      { 'data.andere': '', name: 'y' },
      { name: 'y', data: {} },
    ],
  ])('folds %j back into data', (patch, folge) => {
    expect(alsDaten({ data: { andere: 1 } }, patch)).toEqual(folge);
  });

  it.each([
    ['auto_bezirk', ['verband_bezirk_id']],
    ['auto_berufsbezeichnung', ['auto_berufsbezeichnungen']],
    ['auto_stb_neuzugelassen_pro_jahr', ['data.auto_stb_neuzugelassen_jahr']],
    [
      'auto_abo_storno',
      ['data.auto_abo_storno_stichwort', 'data.auto_abo_storno_date_von', 'data.auto_abo_storno_date_bis'],
    ],
    ['auto_referenten', []],
    [null, []],
  ])('the rule %s needs %j', (code, felder) => {
    expect(regelFelder(code)).toEqual(felder);
  });
});
