import { linksErsetzen, pruefe, signiere } from './tracking';

const KEY = 'geheim';

describe('tracking tokens', () => {
  it('round-trips a link and an unsubscribe token', () => {
    const klick = signiere(
      { zweck: 'klick', versandId: 42, url: 'https://verband.test/seminare?a=1&b=2' },
      KEY,
    );
    expect(pruefe(klick, KEY)).toEqual({
      zweck: 'klick',
      versandId: 42,
      url: 'https://verband.test/seminare?a=1&b=2',
    });
    expect(pruefe(signiere({ zweck: 'abmelden', versandId: 7 }, KEY), KEY)).toEqual({
      zweck: 'abmelden',
      versandId: 7,
    });
  });

  it('refuses a tampered, truncated or foreign token', () => {
    const token = signiere({ zweck: 'klick', versandId: 42, url: 'https://verband.test/' }, KEY);
    const [daten, signatur] = token.split('.');
    const anders = Buffer.from(JSON.stringify(['k', 42, 'https://boese.test/'])).toString('base64url');
    expect(pruefe(`${anders}.${signatur}`, KEY)).toBeNull();
    expect(pruefe(`${daten}.${signatur.slice(1)}`, KEY)).toBeNull();
    expect(pruefe(daten, KEY)).toBeNull();
    expect(pruefe(token, 'anderer-schluessel')).toBeNull();
    expect(pruefe('', KEY)).toBeNull();
  });

  it('refuses what it signed but cannot lead to: no web address, no whole row number, extra parts', () => {
    const ziel = (url: string) => pruefe(signiere({ zweck: 'klick', versandId: 1, url }, KEY), KEY);
    expect(ziel('javascript:alert(1)')).toBeNull();
    expect(ziel('mailto:info@verband.test')).toBeNull();
    expect(ziel('//boese.test/')).toBeNull();
    expect(ziel('x https://verband.test/')).toBeNull();
    expect(ziel('HTTP://verband.test/')).toEqual({
      zweck: 'klick',
      versandId: 1,
      url: 'HTTP://verband.test/',
    });
    expect(pruefe(signiere({ zweck: 'abmelden', versandId: 1.5 }, KEY), KEY)).toBeNull();
    expect(pruefe(`${signiere({ zweck: 'abmelden', versandId: 1 }, KEY)}.x`, KEY)).toBeNull();
    expect(pruefe('.', KEY)).toBeNull();
  });

  it('carries no address of the recipient', () => {
    const token = signiere({ zweck: 'abmelden', versandId: 7 }, KEY);
    expect(Buffer.from(token.split('.')[0], 'base64url').toString()).toBe('["a",7]');
  });
});

describe('linksErsetzen', () => {
  it('replaces http(s) link targets and leaves mailto and anchors', () => {
    const html =
      '<a href="https://a.test/x?p=1&amp;q=2">A</a> <a style="c" href=\'http://b.test\'>B</a> ' +
      '<a href="mailto:x@y.test">M</a> <a href="#oben">O</a>';
    expect(linksErsetzen(html, (url) => `T(${url})`)).toBe(
      '<a href="T(https://a.test/x?p=1&q=2)">A</a> <a style="c" href=\'T(http://b.test)\'>B</a> ' +
        '<a href="mailto:x@y.test">M</a> <a href="#oben">O</a>',
    );
    expect(linksErsetzen(html, () => null)).toBe(html);
  });
});

describe('preview tokens', () => {
  it('are told apart from the tokens of a dispatch row with the same number', () => {
    const klick = signiere({ zweck: 'klick', vorschau: 42, url: 'https://verband.test/' }, KEY);
    expect(pruefe(klick, KEY)).toEqual({ zweck: 'klick', vorschau: 42, url: 'https://verband.test/' });
    expect(klick).not.toBe(signiere({ zweck: 'klick', versandId: 42, url: 'https://verband.test/' }, KEY));
    expect(pruefe(signiere({ zweck: 'abmelden', vorschau: 7 }, KEY), KEY)).toEqual({
      zweck: 'abmelden',
      vorschau: 7,
    });
  });

  it('cannot be turned into a dispatch row token without the key', () => {
    const [, signatur] = signiere({ zweck: 'abmelden', vorschau: 7 }, KEY).split('.');
    const echt = Buffer.from(JSON.stringify(['a', 7])).toString('base64url');
    expect(pruefe(`${echt}.${signatur}`, KEY)).toBeNull();
  });
});
