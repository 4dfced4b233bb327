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
      { label: 'Neu', text: 'Nein' },
      { label: 'Datum', text: '15.09.2026' },
      { label: 'Beginn', text: '09:30' },
      { label: 'Text', html: '<b>fett</b>' },
      { label: 'Termine', liste: [[{ label: 'Ort', text: 'Berlin' }], []] },
    ]);
  });

  it('shows nothing without content', () => expect(inhaltAnzeige(scheme, null)).toEqual([]));

  it('shows yes, zero, an empty list as nothing, and a list that is none as nothing', () => {
    expect(inhaltAnzeige(scheme, { neu: true, preis_netto: 0, termine: [] })).toEqual([
      { label: 'Preis netto', text: '0' },
      { label: 'Neu', text: 'Ja' },
    ]);
    expect(
      inhaltAnzeige(scheme, { termine: 'Berlin', titel: 'Steuer-Recht 2026-27', text: undefined }),
    ).toEqual([{ label: 'Titel', text: 'Steuer-Recht 2026-27' }]);
    expect(inhaltAnzeige(scheme, 'Herbst')).toEqual([]);
  });
});
