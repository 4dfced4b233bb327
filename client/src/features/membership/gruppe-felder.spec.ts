import { regelFelder } from './gruppe-felder';

describe('the fields of the group window', () => {
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
