import { parseLayout, wrap } from './layout';

describe('parseLayout', () => {
  it.each([
    ['# Titel', { kind: 'heading', level: 1, text: 'Titel' }],
    ['## Unter', { kind: 'heading', level: 2, text: 'Unter' }],
    ['**Fett**', { kind: 'text', text: 'Fett', bold: true, align: 'left' }],
    ['>> Stuttgart', { kind: 'text', text: 'Stuttgart', bold: false, align: 'right' }],
    ['===', { kind: 'break' }],
    ['| a | b |', { kind: 'row', cells: ['a', 'b'], head: false, widths: null }],
    ['|| Kopf | Zeile', { kind: 'row', cells: ['Kopf', 'Zeile'], head: true, widths: null }],
    ['Text mit | Strich', { kind: 'text', text: 'Text mit | Strich', bold: false, align: 'left' }],
  ])('reads %j', (line, block) => {
    expect(parseLayout(line).blocks).toEqual([block]);
  });

  it('keeps empty last cells by the column widths and collapses empty lines', () => {
    const { blocks } = parseLayout('|= 20 | 30 | 50\n| a | b |\n\n\n\nText');
    expect(blocks).toEqual([
      { kind: 'row', cells: ['a', 'b', ''], head: false, widths: [20, 30, 50] },
      { kind: 'space' },
      { kind: 'text', text: 'Text', bold: false, align: 'left' },
    ]);
  });

  it.each([
    ['', { letterhead: null, margins: [60, 56, 60, 56], pageNumbers: false, footer: [] }],
    [
      '---\nbriefkopf: kopf.pdf\nrand: 100 40 50 40\nseitenzahlen: ja\n---\n',
      { letterhead: 'kopf.pdf', margins: [100, 40, 50, 40], pageNumbers: true, footer: [] },
    ],
    [
      '---\nrand: 1 2 x\n---\n',
      { letterhead: null, margins: [60, 56, 60, 56], pageNumbers: false, footer: [] },
    ],
    [
      '---\nfusszeile: Verband · Straße 1\nFusszeile: \nfusszeile:  Steuernummer: 1/2 \n---\n',
      {
        letterhead: null,
        margins: [60, 56, 60, 56],
        pageNumbers: false,
        footer: ['Verband · Straße 1', 'Steuernummer: 1/2'],
      },
    ],
  ])('reads the front matter %j', (source, options) => {
    expect(parseLayout(source).options).toEqual(options);
  });
});

describe('wrap', () => {
  const measure = (text: string) => text.length;
  it.each([
    ['eins zwei drei', 9, ['eins zwei', 'drei']],
    ['', 5, ['']],
    ['Donaudampfschiff', 6, ['Donaud', 'ampfsc', 'hiff']],
    // Issue 35: addresses break at their separators, not mid-word.
    ['max.mustermann@kanzlei-weiss.de', 16, ['max.mustermann', '@kanzlei-weiss', '.de']],
    ['Mail: info@stb.de', 12, ['Mail:', 'info@stb.de']],
    ['a/b/cdefgh', 5, ['a/b/', 'cdefg', 'h']],
  ])('wraps %j at %d', (text, width, lines) => {
    expect(wrap(text, width, measure)).toEqual(lines);
  });
});
