import { klartext } from './klartext';

describe('klartext', () => {
  it('makes lines of paragraphs, breaks and list items, without tags', () => {
    expect(klartext('<p>Erste Zeile<br/>zweite</p><ul><li class="x">Punkt</li></ul>')).toBe(
      'Erste Zeile\nzweite\n• Punkt',
    );
  });

  it('keeps at most one empty line between paragraphs', () => {
    expect(klartext('<p>A</p><p></p><p></p><p>B</p>')).toBe('A\n\nB');
  });

  it('decodes the entities editors write, once', () => {
    expect(klartext('Gr&uuml;&szlig;e&nbsp;&amp; 5&#8364; &#x00A7; &quot;x&quot; &amp;lt;')).toBe(
      'Grüße & 5€ § "x" &lt;',
    );
  });

  it('leaves unknown or impossible entities as they are', () => {
    expect(klartext('&unbekannt; &#0; &#x110000;')).toBe('&unbekannt; &#0; &#x110000;');
  });
});
