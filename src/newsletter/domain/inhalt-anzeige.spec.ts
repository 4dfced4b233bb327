import { leseContentScheme, type ContentScheme } from '../../../common/newsletter';
import { inhaltAnzeige } from './inhalt-anzeige';

const scheme = (
  leseContentScheme({
    titel: 'String',
    preis_netto: 'Number',
    neu: 'Boolean',
    datum: 'Date',
    beginn: 'Time',
    text: 'HTML|200',
    termine: [{ ort: 'String' }],
  }) as { wert: ContentScheme }
).wert;

describe('json_content as the default template shows it', () => {
  it('formats every field type German, in scheme order, leaving out empty ones', () => {
    expect(
      inhaltAnzeige(scheme, {
        termine: [{ ort: 'Berlin' }, { ort: null }],
        text: '<b>fett</b>',
        beginn: '09:30',
        datum: '2026-09-15',
        neu: false,
        preis_netto: 1234.5,
        titel: '',
      }),
    ).toEqual([
      { label: 'Preis netto', text: '1.234,5' },
      { label: 'Datum', text: '15.09.2026' },
      { label: 'Beginn', text: '09:30' },
      { label: 'Text', html: '<b>fett</b>' },
      { label: 'Termine', liste: [[{ label: 'Ort', text: 'Berlin' }], []] },
    ]);
  });

  it('shows nothing without content', () => expect(inhaltAnzeige(scheme, null)).toEqual([]));

  it('shows a set flag as its label, zero as 0, an empty list and a list that is none as nothing', () => {
    expect(inhaltAnzeige(scheme, { neu: true, preis_netto: 0, termine: [] })).toEqual([
      { label: 'Preis netto', text: '0' },
      { label: 'Neu' },
    ]);
    expect(
      inhaltAnzeige(scheme, { termine: 'Berlin', titel: 'Steuer-Recht 2026-27', text: undefined }),
    ).toEqual([{ label: 'Titel', text: 'Steuer-Recht 2026-27' }]);
    expect(inhaltAnzeige(scheme, 'Herbst')).toEqual([]);
  });

  it('lets a Boolean decide whether its field shows, and makes web addresses links (issue 31)', () => {
    const formular = (
      leseContentScheme({
        hinweis_anzeigen: 'Boolean',
        hinweis: 'HTML',
        zeige_ort: 'Boolean',
        ort: 'String',
        anmeldung: 'String',
      }) as { wert: ContentScheme }
    ).wert;
    const inhalt = {
      hinweis_anzeigen: false,
      hinweis: '<p>Nur für Mitglieder</p>',
      zeige_ort: true,
      ort: 'Köln',
      anmeldung: ' https://stbv.test/anmelden?s=1 ',
    };
    expect(inhaltAnzeige(formular, inhalt)).toEqual([
      { label: 'Ort', text: 'Köln' },
      { label: 'Anmeldung', link: 'https://stbv.test/anmelden?s=1' },
    ]);
    expect(inhaltAnzeige(formular, { ...inhalt, hinweis_anzeigen: true, zeige_ort: undefined })).toEqual([
      { label: 'Hinweis', html: '<p>Nur für Mitglieder</p>' },
      { label: 'Anmeldung', link: 'https://stbv.test/anmelden?s=1' },
    ]);
  });
});
