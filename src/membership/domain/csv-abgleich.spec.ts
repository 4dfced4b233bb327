import { ungueltigeEingabe } from '../../shared/domain-error.testing';
import {
  abgleichArtFuer,
  einordnen,
  finde,
  hatSchluessel,
  spaltenDerDatei,
  schluessel,
  spaltenErkennen,
  vergleichsform,
  zielId,
  type Fundstellen,
  type GefundenerBenutzer,
  type Schluessel,
} from './csv-abgleich';

describe('reading the columns of a staff member’s file', () => {
  it.each([
    [['E-Mail', 'Name'], { email: 'E-Mail', name: 'Name' }],
    [
      ['E-Mail-Adresse', 'Vorname', 'Nachname', 'Firma'],
      { email: 'E-Mail-Adresse', vorname: 'Vorname', nachname: 'Nachname', firma: 'Firma' },
    ],
    [[' email ', 'Mitgliedsnummer'], { email: ' email ', kennnummer: 'Mitgliedsnummer' }],
    [['Kennnummer', 'Kanzlei', 'Mail'], { kennnummer: 'Kennnummer', firma: 'Kanzlei', email: 'Mail' }],
    [['Email', 'E-Mail 2'], { email: 'Email' }],
    [['Straße', 'Ort'], {}],
  ])('%j → %j', (kopf, spalten) => {
    expect(spaltenErkennen(kopf)).toEqual(spalten);
  });

  it.each([
    [
      { 'E-Mail': '  Erika.Muster@Beispiel.DE ', Name: 'Erika  Muster' },
      { email: 'erika.muster@beispiel.de', nachname: 'muster', vollerName: 'erika muster', firma: '' },
    ],
    [
      { Vorname: 'Jörg', Nachname: 'Weiß', Firma: 'Weiß & Söhne', 'E-Mail': '' },
      { nachname: 'weiß', vorname: 'jörg', firma: 'weiß & söhne' },
    ],
    [
      { Kennnummer: ' 100042 ', 'E-Mail': 'mailto:a@b.de' },
      { email: 'a@b.de', kennnummer: '100042', firma: '' },
    ],
  ])('keys of %j', (zeile, erwartet) => {
    const s = schluessel(zeile, spaltenErkennen(Object.keys(zeile)));
    expect(Object.fromEntries(Object.entries(s).filter(([, v]) => v !== undefined))).toEqual(erwartet);
  });

  it.each([[[]], [[{ Straße: 'Hauptstr. 1', Vorname: 'Erika' }]]])(
    'refuses %j: no rows, or no column to search by',
    (zeilen) => {
      expect(ungueltigeEingabe(() => spaltenDerDatei(zeilen))).toBe(
        'Die Datei enthält keine lesbaren Zeilen.',
      );
    },
  );

  it('takes the columns from the header keys of the first row', () => {
    expect(
      spaltenDerDatei([
        { 'E-Mail': '', Name: 'Erika Muster', Firma: '' },
        { 'E-Mail': '', Name: '', Firma: '' },
      ]),
    ).toEqual({
      email: 'E-Mail',
      name: 'Name',
      firma: 'Firma',
    });
    expect(spaltenDerDatei([{ Kennnummer: '100042' }])).toEqual({ kennnummer: 'Kennnummer' });
  });
});

describe('finding the Benutzer of a row', () => {
  const fund: Fundstellen = {
    emails: new Map([
      ['erika@beispiel.de', [{ benutzer_id: 1, email_id: 11, email: 'Erika@Beispiel.de' }]],
      [
        'info@kanzlei.de',
        [
          { benutzer_id: 2, email_id: 21, email: 'info@kanzlei.de' },
          { benutzer_id: 3, email_id: 31, email: 'info@kanzlei.de' },
        ],
      ],
    ]),
    kennnummern: new Map([
      ['100004', [4]],
      ['100005', [5, 6]],
    ]),
    namen: new Map([
      [
        'müller',
        [
          { benutzer_id: 7, vorname: 'Hans', nachname: 'Müller', firma: 'Müller StB GmbH' },
          { benutzer_id: 8, vorname: 'Hans', nachname: 'Müller', firma: null },
          { benutzer_id: 9, vorname: 'Eva', nachname: 'Müller', firma: null },
        ],
      ],
    ]),
  };
  const s = (teile: Partial<Schluessel>): Schluessel => ({ firma: '', ...teile });

  it.each([
    [
      'by e-mail first',
      s({ email: 'erika@beispiel.de', kennnummer: '100004' }),
      { benutzer_id: 1, email_id: 11, email: 'Erika@Beispiel.de' },
    ],
    [
      'by Kennnummer when the e-mail is unknown',
      s({ email: 'neu@x.de', kennnummer: '100004' }),
      { benutzer_id: 4 },
    ],
    [
      'by name and Firma',
      s({ nachname: 'müller', vorname: 'hans', firma: 'müller stb gmbh' }),
      { benutzer_id: 7 },
    ],
    ['by name without Firma', s({ nachname: 'müller', vorname: 'hans' }), { benutzer_id: 8 }],
    ['by full name', s({ nachname: 'müller', vollerName: 'eva müller' }), { benutzer_id: 9 }],
    [
      'not when the e-mail belongs to two users',
      s({ email: 'info@kanzlei.de' }),
      { grund: 'Die E-Mail gehört zu mehreren Benutzern' },
    ],
    [
      'not when the Kennnummer is ambiguous',
      s({ kennnummer: '100005' }),
      { grund: 'Die Kennnummer gehört zu mehreren Benutzern' },
    ],
    [
      'not when only the surname is given and several match',
      s({ nachname: 'müller', vollerName: 'müller' }),
      { grund: 'Name und Firma passen zu mehreren Benutzern' },
    ],
    [
      'not at all',
      s({ email: 'x@y.de' }),
      { grund: 'Kein Benutzer mit dieser E-Mail, Kennnummer oder diesem Namen' },
    ],
  ])('%s', (_, schluessel, ergebnis) => {
    expect(finde(schluessel, fund)).toEqual(ergebnis);
  });
});

describe('the four buckets', () => {
  const benutzer = (id: number, aktiviert = true, email_id: number | null = id * 10): GefundenerBenutzer => ({
    id,
    aktiviert,
    email_id,
    kennnummer: null,
    anzeigename: null,
    email: null,
  });

  it.each([
    ['not found', undefined, 'benutzer', { bucket: 'nicht_gefunden' }],
    [
      'not active',
      benutzer(1, false),
      'benutzer',
      { bucket: 'inaktiv', grund: 'Der Benutzer ist nicht aktiviert' },
    ],
    ['already in the group (Benutzer)', benutzer(2), 'benutzer', { bucket: 'vorhanden' }],
    ['already in the group (e-mail)', benutzer(3, true, 2), 'email', { bucket: 'vorhanden' }],
    ['ready', benutzer(3), 'benutzer', { bucket: 'bereit' }],
    [
      'without an e-mail for an e-mail group',
      benutzer(4, true, null),
      'email',
      { bucket: 'nicht_gefunden', grund: 'Der Benutzer hat keine E-Mail-Adresse' },
    ],
    [
      'a second row for one already ready',
      benutzer(5),
      'benutzer',
      { bucket: 'vorhanden', grund: 'Kommt in der Datei mehrfach vor' },
    ],
  ] as const)('%s', (_, gefunden, art, ergebnis) => {
    const vergeben = new Set([5]);
    expect(einordnen(gefunden, art, new Set([2]), vergeben)).toEqual(ergebnis);
  });

  it('remembers what is ready', () => {
    const vergeben = new Set<number>();
    einordnen(benutzer(3), 'email', new Set(), vergeben);
    expect([...vergeben]).toEqual([30]);
  });
});

describe('what the comparison adds', () => {
  it.each([
    ['alle', undefined, 'email'],
    ['email', null, 'email'],
    ['benutzer', '', 'benutzer'],
    ['alle', 'benutzer', 'benutzer'],
    ['benutzer', 'email', 'email'],
  ] as const)('a group with zuordnung %s, asked for %j, adds %s', (zuordnung, gewuenscht, art) => {
    expect(abgleichArtFuer({ zuordnung }, gewuenscht)).toBe(art);
  });

  it('refuses an unknown kind with the message of spec 001 §8', () => {
    expect(ungueltigeEingabe(() => abgleichArtFuer({ zuordnung: 'alle' }, 'adresse'))).toBe(
      'unbekannte Zuordnung',
    );
  });
});

describe('the compared forms', () => {
  it('trims, joins inner spaces and lower-cases German text', () => {
    expect(vergleichsform('  Jörg   ÜBERMUT \t GmbH ')).toBe('jörg übermut gmbh');
    expect(vergleichsform(null)).toBe('');
    expect(vergleichsform(undefined)).toBe('');
  });

  it('finds a row by any of e-mail, Kennnummer or surname, and by nothing else', () => {
    expect(hatSchluessel({ email: 'a@b.de', firma: '' })).toBe(true);
    expect(hatSchluessel({ kennnummer: 'K1', firma: '' })).toBe(true);
    expect(hatSchluessel({ nachname: 'muster', firma: '' })).toBe(true);
    expect(hatSchluessel({ vorname: 'erika', firma: 'kanzlei' })).toBe(false);
  });

  it('adds the Benutzer to a Benutzer group and its e-mail to an e-mail group', () => {
    const b = { id: 3, aktiviert: true, kennnummer: null, anzeigename: null, email_id: 30, email: null };
    expect(zielId(b, 'benutzer')).toBe(3);
    expect(zielId(b, 'email')).toBe(30);
  });
});
