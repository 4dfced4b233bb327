import { mailText } from './mail-text';

describe('the text/plain alternative of a newsletter', () => {
  it('keeps the text, writes links with their (tracked) address, leaves out head, styles and scripts', () => {
    const html = `<!doctype html><html><head><title>Newsletter</title><style>p { color: red }</style></head>
      <body><!-- Vorschau --><table><tr><td><h1>Seminare im Dezember</h1></td></tr>
      <tr><td><p>Sehr geehrte Frau Dr. M&uuml;ller,</p><p>unsere <a href="https://verwaltung.test/node/r/abc.def?x=1&amp;y=2">Seminare</a> &amp; mehr.</p>
      <ul><li>Lohn</li><li>Bilanz</li></ul>
      <p><a href="https://stbv.test/">https://stbv.test/</a> <img src="logo.png" alt="Logo"></p></td></tr></table>
      <script>alert(1)</script></body></html>`;
    expect(mailText(html)).toBe(
      [
        'Seminare im Dezember',
        '',
        'Sehr geehrte Frau Dr. Müller,',
        'unsere Seminare (https://verwaltung.test/node/r/abc.def?x=1&y=2) & mehr.',
        '',
        '• Lohn',
        '• Bilanz',
        '',
        'https://stbv.test/ [Logo]',
      ].join('\n'),
    );
  });

  it('leaves anchors without a web address as their text', () => {
    expect(mailText('<p><a href="#oben">nach oben</a> <a>kein Ziel</a></p>')).toBe('nach oben kein Ziel');
  });
});
