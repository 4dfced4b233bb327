import { farbschemaFehler, newsDaten } from './news';

const sicher = (html: string) => `[sicher:${html}]`;

describe('saving a news item (spec 002 §3, §5)', () => {
  it('makes description and content safe and leaves the other fields as they are', () => {
    const data = {
      titel: '<b>Titel</b>',
      description: '<p>kurz</p>',
      content: '<p>lang</p>',
      link: 'https://x.de',
    };
    expect(newsDaten(data, sicher)).toEqual({
      titel: '<b>Titel</b>',
      description: '[sicher:<p>kurz</p>]',
      content: '[sicher:<p>lang</p>]',
      link: 'https://x.de',
    });
    // The input stays untouched.
    expect(data.description).toBe('<p>kurz</p>');
  });

  it('leaves description and content alone when they are no text', () => {
    expect(newsDaten({ description: null, link: 'https://x.de' }, sicher)).toEqual({
      description: null,
      link: 'https://x.de',
    });
    expect(newsDaten({ content: 5 }, sicher)).toEqual({ content: 5 });
  });

  it('drops the link title without a link', () => {
    expect(newsDaten({ link: '  ', link_titel: 'Mehr' }, sicher)).toEqual({ link: '  ' });
    expect(newsDaten({ link: 'https://x.de', link_titel: 'Mehr' }, sicher)).toEqual({
      link: 'https://x.de',
      link_titel: 'Mehr',
    });
  });
});

describe('the colour theme of a news item (spec 002 §6)', () => {
  it('is one of the saving staff member’s verband, or none', () => {
    expect(farbschemaFehler('akademie', 2)).toBeNull();
    expect(farbschemaFehler('red', 3)).toBeNull();
    expect(farbschemaFehler(undefined, 2)).toBeNull();
    expect(farbschemaFehler('red', 2)).toBe(
      'muss eines der Farbschemata Ihres Verbands sein (Akademie, Verband)',
    );
    expect(farbschemaFehler('akademie', 1)).toBe('gibt es für Ihren Verband nicht: bitte keines wählen');
  });
});
