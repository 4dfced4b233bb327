import {
  angeboteneTypen,
  AUTO_REGELN,
  erlaubteZuordnungen,
  gesperrteFelder,
  gruppeFolgt,
  type GruppenWerte,
} from './gruppen';

const JAHR = 2026;

describe('the type transitions of spec 001 §4', () => {
  const teilnehmer: GruppenWerte = {
    typ: 'Teilnehmer',
    zuordnung: 'benutzer',
    veranstaltung_id: 4,
    veranstaltung_event_id: 9,
    newsletter: false,
    verbandsintern: true,
  };
  const cases: [string, GruppenWerte, GruppenWerte, GruppenWerte][] = [
    [
      'Teilnehmer sets zuordnung benutzer',
      { typ: 'NWG', zuordnung: 'email' },
      { typ: 'Teilnehmer' },
      { typ: 'Teilnehmer', zuordnung: 'benutzer', newsletter: false, verbandsintern: true },
    ],
    [
      'another type clears seminar and event and sets zuordnung email',
      teilnehmer,
      { typ: 'Intern' },
      {
        typ: 'Intern',
        zuordnung: 'email',
        veranstaltung_id: null,
        veranstaltung_event_id: null,
        newsletter: false,
        verbandsintern: true,
      },
    ],
    [
      'Auto is the exception: zuordnung benutzer',
      teilnehmer,
      { typ: 'Auto' },
      {
        typ: 'Auto',
        zuordnung: 'benutzer',
        veranstaltung_id: null,
        veranstaltung_event_id: null,
        newsletter: false,
        verbandsintern: true,
      },
    ],
    [
      'NWG: newsletter true, verbandsintern false',
      {},
      { typ: 'NWG' },
      {
        typ: 'NWG',
        zuordnung: 'email',
        veranstaltung_id: null,
        veranstaltung_event_id: null,
        newsletter: true,
        verbandsintern: false,
      },
    ],
    [
      'values sent with the change win over the defaults of the type',
      {},
      { typ: 'NWG', zuordnung: 'alle', newsletter: false },
      {
        typ: 'NWG',
        zuordnung: 'alle',
        veranstaltung_id: null,
        veranstaltung_event_id: null,
        newsletter: false,
        verbandsintern: false,
      },
    ],
    [
      'an unchanged type changes nothing else',
      { typ: 'NWG', zuordnung: 'alle', newsletter: false },
      { typ: 'NWG', name: 'Neu' },
      { typ: 'NWG', name: 'Neu' },
    ],
    [
      'an auto rule fills an empty name and description',
      { typ: 'Auto', name: '', beschreibung: null },
      { code: 'auto_referenten' },
      {
        code: 'auto_referenten',
        name: 'Referenten',
        beschreibung: 'Benutzer mit dem Merkmal „Referent“.',
        data: {},
      },
    ],
    [
      'but keeps a name and description staff wrote',
      { typ: 'Auto', name: 'Unsere Referenten', beschreibung: 'für die Einladung' },
      { code: 'auto_referenten' },
      { code: 'auto_referenten', data: {} },
    ],
    [
      'the per-year rule sets the current year',
      { typ: 'Auto', name: 'x', beschreibung: 'y', data: { andere: 1 } },
      { code: 'auto_stb_neuzugelassen_pro_jahr' },
      {
        code: 'auto_stb_neuzugelassen_pro_jahr',
        data: { andere: 1, auto_stb_neuzugelassen_jahr: JAHR },
      },
    ],
    [
      'a year sent with it is kept',
      {},
      { code: 'auto_stb_neuzugelassen_pro_jahr', name: 'x', data: { auto_stb_neuzugelassen_jahr: 2019 } },
      {
        code: 'auto_stb_neuzugelassen_pro_jahr',
        name: 'x',
        beschreibung: 'Benutzer, deren StB-Datum im gewählten Jahr liegt.',
        data: { auto_stb_neuzugelassen_jahr: 2019 },
      },
    ],
    [
      'any other rule clears the year',
      { name: 'x', beschreibung: 'y', data: { auto_stb_neuzugelassen_jahr: 2020, andere: 1 } },
      { code: 'auto_bezirk' },
      { code: 'auto_bezirk', data: { andere: 1 } },
    ],
  ];

  it.each(cases)('%s', (_, vorher, eingabe, folge) => {
    expect(gruppeFolgt(vorher, eingabe, JAHR)).toEqual(folge);
  });

  it('does not change what it was given', () => {
    const data = { auto_stb_neuzugelassen_jahr: 2020 };
    gruppeFolgt({ data }, { code: 'auto_bezirk' }, JAHR);
    expect(data).toEqual({ auto_stb_neuzugelassen_jahr: 2020 });
  });
});

describe('the choices of the group window', () => {
  it.each([
    [true, undefined, ['NWG', 'Intern', 'Datev', 'Auto']],
    [false, 'NWG', ['NWG', 'Intern', 'Datev', 'Auto', 'Teilnehmer']],
    [false, 'Bezirk', ['NWG', 'Intern', 'Datev', 'Auto', 'Teilnehmer', 'Bezirk']],
  ] as const)('offers types to new=%s, typ %s: %j', (neu, typ, typen) => {
    expect(angeboteneTypen(neu, typ)).toEqual(typen);
  });

  it.each([
    ['Teilnehmer', ['veranstaltung_id', 'veranstaltung_event_id', 'gueltig_bis']],
    ['NWG', []],
    [null, []],
  ] as const)('makes the seminar fields of %s read-only: %j', (typ, felder) => {
    expect(gesperrteFelder(typ)).toEqual(felder);
  });

  it.each([
    [0, 0, ['alle', 'benutzer', 'email']],
    [3, 0, ['alle', 'benutzer']],
    [0, 2, ['alle', 'email']],
    [1, 1, ['alle']],
  ])('with %i Benutzer and %i e-mails allows zuordnung %j', (benutzer, emails, erlaubt) => {
    expect(erlaubteZuordnungen({ benutzer, emails })).toEqual(erlaubt);
  });

  it('lists every rule once, with a name and a description, including the codes spec 001 §3 names', () => {
    const codes = AUTO_REGELN.map((r) => r.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes).toEqual(
      expect.arrayContaining([
        'auto_bezirk',
        'auto_berufsbezeichnung',
        'auto_abo_storno',
        'auto_stb_neuzugelassen_pro_jahr',
      ]),
    );
    for (const regel of AUTO_REGELN) {
      expect(regel.name.trim()).not.toBe('');
      expect(regel.beschreibung.trim()).not.toBe('');
    }
  });
});
