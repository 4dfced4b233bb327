import { ungueltigeEingabe } from '../../shared/domain-error.testing';
import {
  exportZeile,
  leseListenseite,
  leseZugangsdatei,
  mitZugang,
  ohneZugang,
  zugangImUeberblick,
} from './gehaltsumfrage';

const fehler = ungueltigeEingabe;

describe('the access file', () => {
  const gelesen = async (rows: Record<string, string>[]) => {
    const { zugaenge, lesbar } = await leseZugangsdatei(rows);
    return { zugaenge: [...zugaenge.values()], lesbar };
  };

  it('reads Kennnummer, Link and Passwort in any case and skips rows without Kennnummer', async () => {
    expect(
      await gelesen([
        { KENNNUMMER: ' 1001 ', Link: 'https://umfrage.example/a', passwort: 'geheim1' },
        { KENNNUMMER: '', Link: 'https://umfrage.example/x', passwort: 'x' },
        { KENNNUMMER: '1002', Link: '', passwort: ' geheim2 ' },
      ]),
    ).toEqual({
      zugaenge: [
        { kennnummer: '1001', link: 'https://umfrage.example/a', passwort: 'geheim1' },
        { kennnummer: '1002', link: '', passwort: 'geheim2' },
      ],
      lesbar: 2,
    });
  });

  it('leaves a field out when its column is missing', async () => {
    expect(await gelesen([{ kennnummer: '1001', link: 'l' }])).toEqual({
      zugaenge: [{ kennnummer: '1001', link: 'l' }],
      lesbar: 1,
    });
  });

  it('lets a later row of the same Kennnummer win, in the order first seen, counting every row', async () => {
    expect(
      await gelesen([
        { Kennnummer: '1001', Link: 'alt' },
        { Kennnummer: '1002', Link: 'b' },
        { Kennnummer: '1001', Link: 'neu' },
      ]),
    ).toEqual({
      zugaenge: [
        { kennnummer: '1001', link: 'neu' },
        { kennnummer: '1002', link: 'b' },
      ],
      lesbar: 3,
    });
  });

  it('lets other work in between every few thousand rows', async () => {
    const pause = jest.fn(async () => undefined);
    const rows = Array.from({ length: 5000 }, (_, i) => ({ Kennnummer: String(i), Link: 'l' }));
    expect((await leseZugangsdatei(rows, pause)).lesbar).toBe(5000);
    expect(pause).toHaveBeenCalledTimes(2);
  });

  it.each<[string, Record<string, string>[], string]>([
    ['no rows', [], 'Die Datei enthält keine lesbaren Zeilen.'],
    ['rows without Kennnummer', [{ Kennnummer: ' ', Link: 'l' }], 'Die Datei enthält keine lesbaren Zeilen.'],
    [
      'other columns',
      [{ Name: 'Müller', Ort: 'Köln' }],
      'Die Datei enthält keine lesbaren Zeilen: erwartet werden die Spalten Kennnummer, Link und Passwort.',
    ],
    [
      'a Kennnummer only',
      [{ Kennnummer: '1001' }],
      'Die Datei enthält keine lesbaren Zeilen: erwartet werden die Spalten Kennnummer, Link und Passwort.',
    ],
  ])('refuses a file with %s', async (_fall, rows, message) => {
    await expect(leseZugangsdatei(rows)).rejects.toMatchObject({ kind: 'invalid', message });
  });
});

describe('access in Benutzer.data', () => {
  it.each<
    [
      string,
      Record<string, unknown> | null,
      { link?: string; passwort?: string },
      Record<string, unknown> | null,
    ]
  >([
    [
      'sets link and password, keeping other data',
      { tlms_user_id: '7' },
      { link: 'l', passwort: 'p' },
      { tlms_user_id: '7', gehaltsumfrage_link: 'l', gehaltsumfrage_passwort: 'p' },
    ],
    ['sets on empty data', null, { link: 'l' }, { gehaltsumfrage_link: 'l' }],
    [
      'changes nothing when equal',
      { gehaltsumfrage_link: 'l', gehaltsumfrage_passwort: 'p' },
      { link: 'l', passwort: 'p' },
      null,
    ],
    [
      'leaves a missing column alone',
      { gehaltsumfrage_passwort: 'p' },
      { link: 'l' },
      { gehaltsumfrage_link: 'l', gehaltsumfrage_passwort: 'p' },
    ],
    [
      'removes on an empty cell',
      { gehaltsumfrage_link: 'l', gehaltsumfrage_passwort: 'p' },
      { passwort: '' },
      { gehaltsumfrage_link: 'l' },
    ],
    ['an empty cell on nothing changes nothing', null, { link: '' }, null],
  ])('%s', (_fall, daten, zugang, ergebnis) => {
    expect(mitZugang(daten, { kennnummer: '1', ...zugang })).toEqual(ergebnis);
  });

  it('resets only what had access keys', () => {
    expect(ohneZugang({ gehaltsumfrage_link: 'l', gehaltsumfrage_passwort: 'p', tlms_user_id: '7' })).toEqual(
      {
        tlms_user_id: '7',
      },
    );
    expect(ohneZugang({ gehaltsumfrage_passwort: '' })).toEqual({});
    expect(ohneZugang({ tlms_user_id: '7' })).toBeNull();
    expect(ohneZugang(null)).toBeNull();
  });

  it('shows whether a password is set, never the password; exports it only with the admin right', () => {
    const data = { gehaltsumfrage_link: 'l', gehaltsumfrage_passwort: 'p' };
    expect(zugangImUeberblick(data)).toEqual({ link: 'l', passwort_gesetzt: true });
    expect(zugangImUeberblick({ gehaltsumfrage_link: 'l' })).toEqual({ link: 'l', passwort_gesetzt: false });
    expect(exportZeile({ kennnummer: '1001', name: 'Anna Muster', data }, true)).toEqual({
      Kennnummer: '1001',
      Name: 'Anna Muster',
      Link: 'l',
      Passwort: 'p',
    });
    expect(exportZeile({ kennnummer: '1001', name: 'Anna Muster', data }, false)).toEqual({
      Kennnummer: '1001',
      Name: 'Anna Muster',
      Link: 'l',
      'Passwort gesetzt': 'ja',
    });
    expect(exportZeile({ kennnummer: null, name: 'B', data: { gehaltsumfrage_link: 'l' } }, false)).toEqual({
      Kennnummer: '',
      Name: 'B',
      Link: 'l',
      'Passwort gesetzt': 'nein',
    });
  });

  it('pages by 13 rows unless asked', () => {
    expect(leseListenseite(undefined, undefined)).toEqual({ limit: 13, offset: 0 });
    expect(leseListenseite('20', '40')).toEqual({ limit: 20, offset: 40 });
    expect(fehler(() => leseListenseite('abc', undefined))).toBe(
      '„limit“ muss eine ganze Zahl von 1 bis 1000 sein.',
    );
  });
});
