import {
  farbschemata,
  newsLinkFolgt,
  standardFarbschema,
  autoVersandAendern,
  autoVersandFehler,
  contentFehler,
  gruppeWaehlbar,
  gruppenInBeiden,
  leseContentScheme,
  mapHtml,
  type ContentScheme,
} from './newsletter';

const ALLE = {
  titel: 'String',
  ausgabe: 'Number',
  sonder: 'Boolean',
  datum: 'Date',
  beginn: 'Time',
  text: 'HTML|300',
  kurz: 'HTML',
  termine: [{ datum: 'Date', themen: [{ thema: 'String' }] }],
};

describe('content scheme grammar', () => {
  it('reads every field type, HTML heights and nested lists', () => {
    const gelesen = leseContentScheme(JSON.stringify(ALLE));
    expect(gelesen).toEqual({
      ok: true,
      wert: [
        { name: 'titel', typ: 'String' },
        { name: 'ausgabe', typ: 'Number' },
        { name: 'sonder', typ: 'Boolean' },
        { name: 'datum', typ: 'Date' },
        { name: 'beginn', typ: 'Time' },
        { name: 'text', typ: 'HTML', hoehe: 300 },
        { name: 'kurz', typ: 'HTML' },
        {
          name: 'termine',
          liste: [
            { name: 'datum', typ: 'Date' },
            { name: 'themen', liste: [{ name: 'thema', typ: 'String' }] },
          ],
        },
      ],
    });
  });

  it.each([
    ['{kaputt', 'ist kein gültiges JSON'],
    ['[]', 'muss ein JSON-Objekt mit Feldnamen und Feldtypen sein'],
    ['"String"', 'muss ein JSON-Objekt mit Feldnamen und Feldtypen sein'],
    ['{"a": "Text"}', 'hat bei „a“ einen unbekannten Feldtyp'],
    ['{"a": "String|20"}', 'hat bei „a“ einen unbekannten Feldtyp'],
    ['{"a": "HTML|hoch"}', 'hat bei „a“ einen unbekannten Feldtyp'],
    ['{"a": 3}', 'hat bei „a“ einen unbekannten Feldtyp'],
    ['{"l": []}', 'enthält bei „l“ keine Liste mit genau einem Objekt'],
    ['{"l": ["String"]}', 'enthält bei „l“ keine Liste mit genau einem Objekt'],
    ['{"l": [{"x": "Datum"}]}', 'hat bei „l.x“ einen unbekannten Feldtyp'],
  ])('refuses %s', (roh, fehler) => {
    const gelesen = leseContentScheme(roh);
    expect(gelesen.ok).toBe(false);
    expect(!gelesen.ok && gelesen.fehler).toContain(fehler);
  });
});

describe('json_content against its scheme', () => {
  const scheme = (leseContentScheme(ALLE) as { wert: ContentScheme }).wert;

  it('accepts values of every type, empty values and nested lists', () => {
    expect(
      contentFehler(scheme, {
        titel: 'Steuerrecht aktuell',
        ausgabe: 9,
        sonder: false,
        datum: '2026-09-01',
        beginn: '09:30',
        text: '<p>Hallo</p>',
        kurz: null,
        termine: [{ datum: '2026-09-15', themen: [{ thema: 'Lohnsteuer' }] }, { datum: '' }],
      }),
    ).toBeNull();
  });

  it.each([
    [[], 'muss ein Objekt sein'],
    [{ unbekannt: 1 }, 'enthält das Feld „unbekannt“, das die Vorlage nicht kennt'],
    [{ titel: 3 }, '„titel“ muss ein Text sein'],
    [{ ausgabe: '9' }, '„ausgabe“ muss eine Zahl sein'],
    [{ sonder: 'ja' }, '„sonder“ muss ja oder nein sein'],
    [{ datum: '01.09.2026' }, '„datum“ muss ein Datum (JJJJ-MM-TT) sein'],
    [{ beginn: '25:00' }, '„beginn“ muss eine Uhrzeit (HH:MM) sein'],
    [{ termine: {} }, '„termine“ muss eine Liste sein'],
    [{ termine: [{ themen: [{ thema: 1 }] }] }, '„termine[1].themen[1].thema“ muss ein Text sein'],
    [{ termine: ['x'] }, '„termine[1]“ muss ein Objekt sein'],
  ])('refuses %j', (content, fehler) => expect(contentFehler(scheme, content)).toBe(fehler));

  it('maps HTML values only, also inside lists', () => {
    const listen = (
      leseContentScheme({ t: 'String', h: 'HTML', l: [{ h: 'HTML|80' }] }) as { wert: ContentScheme }
    ).wert;
    expect(mapHtml(listen, { t: '<b>', h: '<b>', l: [{ h: '<i>' }] }, (s) => s.toUpperCase())).toEqual({
      t: '<b>',
      h: '<B>',
      l: [{ h: '<I>' }],
    });
  });
});

describe('auto send time', () => {
  it.each([
    [{ auto_vortage: 20 }, 'auto_nachtage', 3, { auto_vortage: null, auto_nachtage: 3 }],
    [{ auto_nachtage: 3 }, 'auto_vortage', 5, { auto_vortage: 5, auto_nachtage: null }],
    [{ auto_vortage: 20 }, 'auto_vortage', null, { auto_vortage: null, auto_nachtage: 0 }],
    [{ auto_nachtage: 2 }, 'auto_nachtage', null, { auto_vortage: 0, auto_nachtage: null }],
    [{ auto_vortage: 20 }, 'auto_minutes', 60, { auto_vortage: null, auto_nachtage: null, auto_minutes: 60 }],
    [{ auto_minutes: 60 }, 'auto_minutes', null, { auto_minutes: null }],
  ] as const)('%j: %s = %s → %j', (data, feld, wert, erwartet) =>
    expect(autoVersandAendern({ ...data }, feld, wert)).toEqual(erwartet),
  );

  it.each([
    [{ auto_minutes: 0 }, 'data.auto_minutes'],
    [{ auto_minutes: 481 }, 'data.auto_minutes'],
    [{ auto_minutes: 1.5 }, 'data.auto_minutes'],
    [{ auto_vortage: -1 }, 'data.auto_vortage'],
    [{ auto_vortage: 2, auto_nachtage: 3 }, 'data.auto_nachtage'],
    [{ auto_minutes: 30, auto_vortage: 20 }, 'data.auto_vortage'],
    [{ auto_day_time: '12' }, 'data.auto_day_time'],
  ])('refuses %j at %s', (data, feld) => expect(Object.keys(autoVersandFehler(data))).toEqual([feld]));

  it.each([
    { auto_minutes: 1 },
    { auto_minutes: 480 },
    { auto_vortage: 20, auto_day_time: '12:00' },
    {
      auto_vortage: 0,
      auto_nachtage: 4,
    },
  ])('accepts %j', (data) => expect(autoVersandFehler(data)).toEqual({}));
});

describe('send and exclusion groups', () => {
  it.each([
    [1, [], [], true],
    [1, [1], [], false],
    [1, [], [1], false],
    [2, [1], [3], true],
  ])('group %i with %j / %j offered: %s', (id, versand, ausschluss, erwartet) =>
    expect(gruppeWaehlbar(id, versand, ausschluss)).toBe(erwartet),
  );
  it('finds the groups in both lists', () => expect(gruppenInBeiden([1, 2, 3], [3, 4, 1])).toEqual([1, 3]));
});

describe('news and themes', () => {
  it.each([
    [
      { link: 'https://stbv-demo.de', link_titel: 'Mehr' },
      { link: 'https://stbv-demo.de', link_titel: 'Mehr' },
    ],
    [{ link: ' ', link_titel: 'Mehr' }, { link: ' ' }],
    [{ link_titel: 'Mehr', content: 'x' }, { content: 'x' }],
  ])('%j → %j', (data, erwartet) => expect(newsLinkFolgt(data)).toEqual(erwartet));

  it.each([
    [2, ['akademie', 'verband'], 'akademie'],
    [3, ['default-green', 'light-green', 'green', 'red', 'blue', 'dark-blue'], 'default-green'],
    [1, [], undefined],
    [null, [], undefined],
  ])('verband %s offers %j, starting with %s', (verband, themen, standard) => {
    expect(farbschemata(verband)).toEqual(themen);
    expect(standardFarbschema(verband)).toBe(standard);
  });
});
