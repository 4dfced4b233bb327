import { leseContentScheme, type ContentScheme } from '../../../common/newsletter';
import { stbdirektInhalt } from './stbdirekt';

const scheme = (roh: unknown): ContentScheme => {
  const gelesen = leseContentScheme(roh);
  if (!gelesen.ok) throw new Error(gelesen.fehler);
  return gelesen.wert;
};

describe('stbdirektInhalt', () => {
  const s = scheme({ titel: 'String', meldungen: [{ titel: 'String', text: 'HTML' }] });

  it('keeps the fields the scheme knows and drops the others', () => {
    expect(
      stbdirektInhalt(s, { titel: 'Steuernews', meldungen: [{ titel: 'A', text: '<p>x</p>' }], extra: 1 }),
    ).toEqual({
      ok: true,
      json_content: { titel: 'Steuernews', meldungen: [{ titel: 'A', text: '<p>x</p>' }] },
    });
  });

  it('refuses a known field of the wrong shape', () => {
    expect(stbdirektInhalt(s, { meldungen: 'keine Liste' })).toEqual({
      ok: false,
      fehler: '„meldungen“ muss eine Liste sein',
    });
  });
});
