/** The preview: a newsletter rendered for one recipient from its template, as the dispatch sends it. */
import type { MitgliederAuskunft } from '../../membership/application/ports/mitglieder-auskunft';
import type { FileStorage } from '../../platform/files/file-storage';
import type { NewsletterBestand, NewsletterZumRendern } from './ports/newsletter-bestand';
import type { VersandLinks } from './newsletter-html';
import type { NewsletterLinks } from './tracking';
import { NewsletterVorschau } from './vorschau';

const NEWSLETTER: NewsletterZumRendern = {
  titel: 'Steuerrecht aktuell',
  betreff: null,
  body: '<p>Die Frist endet bald.</p>',
  json_content: null,
  vorlage: null,
  absender: { name: 'Akademie', email: 'news@akademie.test', reply_to: null },
  seminar: null,
  event: null,
};
const MIA = {
  benutzer_id: 3,
  kennnummer: 'K-3',
  anzeigename: 'Mia',
  ansprache: 'Liebe Mia',
  email: 'mia@x.test',
};

function vorschauMit(
  newsletter: NewsletterZumRendern | null,
  dateien: Record<string, string> = {},
  vorschauLinks?: (newsletterId: number) => VersandLinks | undefined,
) {
  const bestand = { zumRendern: async () => newsletter } as unknown as NewsletterBestand;
  const storage = {
    exists: async (_: string, name: string) => name in dateien,
    readBuffer: async (_: string, name: string) => Buffer.from(dateien[name]),
  } as unknown as FileStorage;
  const links = { fuerVorschau: vorschauLinks ?? (() => undefined) } as unknown as NewsletterLinks;
  const mitglieder = {
    anschreibenNachKennnummer: async (k: string) => (k === 'K-3' ? MIA : null),
  } as unknown as MitgliederAuskunft;
  return new NewsletterVorschau(bestand, storage, links, mitglieder);
}

const abgelehnt = (promise: Promise<unknown>) => promise.catch((error: unknown) => error);

describe('newsletter preview', () => {
  it('renders the shipped standard template for the recipient, the title as subject without one', async () => {
    const gerendert = await vorschauMit(NEWSLETTER).vorbereiten(1);
    expect(gerendert.betreff).toBe('Steuerrecht aktuell');
    expect(gerendert.absender).toEqual(NEWSLETTER.absender);
    const html = await vorschauMit(NEWSLETTER).html(1, 'K-3');
    expect(html).toContain('Die Frist endet bald.');
    expect(html).toContain('Liebe Mia');
  });

  it('renders a template staff uploaded, with the event of the seminar', async () => {
    const newsletter: NewsletterZumRendern = {
      ...NEWSLETTER,
      betreff: 'Neu',
      vorlage: { vorlage: 'eigen.html', external_data_type: null, json_content_scheme: null },
      seminar: { lg_id: 'LG-1', titel: 'Umsatzsteuer', beginn: new Date('2026-03-02T09:00:00Z') },
      event: { lg_id: null, titel: 'Tag 2', datum: '2026-03-03', beginn: '14:30' },
    };
    const dateien = { 'eigen.html': '<h1>{{betreff}}</h1>' };
    expect((await vorschauMit(newsletter, dateien).vorbereiten(1)).betreff).toBe('Neu');
    expect(await vorschauMit(newsletter, dateien).html(1, 'K-3')).toContain('<h1>Neu</h1>');
  });

  it('refuses an unknown newsletter, Benutzer or template file in German', async () => {
    expect(await abgelehnt(vorschauMit(null).vorbereiten(9))).toMatchObject({ code: 'NEWSLETTER_FEHLT' });
    expect(await abgelehnt(vorschauMit(NEWSLETTER).html(1, 'K-9'))).toMatchObject({
      code: 'BENUTZER_FEHLT',
      message: 'Es gibt keinen Benutzer mit der Kennnummer K-9.',
    });
    for (const name of ['fehlt.html', '../geheim.html', '..'])
      expect(
        await abgelehnt(
          vorschauMit({
            ...NEWSLETTER,
            vorlage: { vorlage: name, external_data_type: null, json_content_scheme: null },
          }).vorbereiten(1),
        ),
      ).toMatchObject({
        code: 'NEWSLETTER_VORLAGE_FEHLT',
        message: `Die Vorlagendatei „${name}“ gibt es nicht.`,
      });
  });

  describe('the seminar a newsletter is about, as templates show it', () => {
    const VERANSTALTUNG = {
      'v.html':
        '{{#if veranstaltung}}{{veranstaltung.lg_id}}|{{veranstaltung.titel}}|{{veranstaltung.datum}}|{{veranstaltung.uhrzeit}}{{else}}keine{{/if}}',
    };
    const zeige = async (seminar: NewsletterZumRendern['seminar'], event: NewsletterZumRendern['event']) =>
      (
        await vorschauMit(
          {
            ...NEWSLETTER,
            vorlage: { vorlage: 'v.html', external_data_type: null, json_content_scheme: null },
            seminar,
            event,
          },
          VERANSTALTUNG,
        ).vorbereiten(1)
      ).html(MIA);
    const SEMINAR = { lg_id: 'LG-1', titel: 'Umsatzsteuer', beginn: new Date('2026-03-02T08:05:00Z') };

    it('shows the seminar\u2019s start day and time in Berlin', async () => {
      expect(await zeige(SEMINAR, null)).toBe('LG-1|Umsatzsteuer|02.03.2026|09:05');
      // Summer time, and the day that starts in Berlin before it starts in UTC.
      expect(await zeige({ ...SEMINAR, beginn: new Date('2026-07-01T22:30:00Z') }, null)).toBe(
        'LG-1|Umsatzsteuer|02.07.2026|00:30',
      );
    });

    it('shows the event\u2019s own number, title, day and time first', async () => {
      expect(
        await zeige(SEMINAR, { lg_id: 'LG-1-2', titel: 'Tag 2', datum: '2026-03-03', beginn: '14:30' }),
      ).toBe('LG-1-2|Tag 2|03.03.2026|14:30');
      expect(await zeige(SEMINAR, { lg_id: null, titel: null, datum: '2026-03-03', beginn: null })).toBe(
        'LG-1|Umsatzsteuer|03.03.2026|',
      );
      // An event without its own day: the seminar's day and time.
      expect(await zeige(SEMINAR, { lg_id: null, titel: 'Tag 2', datum: null, beginn: '14:30' })).toBe(
        'LG-1|Tag 2|02.03.2026|09:05',
      );
    });

    it('shows what is known of a seminar without start or number, and nothing without a seminar', async () => {
      expect(await zeige({ lg_id: null, titel: 'Offen', beginn: null }, null)).toBe('|Offen||');
      expect(await zeige(null, { lg_id: null, titel: null, datum: null, beginn: null })).toBe('|||');
      expect(await zeige(null, null)).toBe('keine');
    });
  });

  it('renders the content with the scheme of the template, HTML fields sanitized', async () => {
    const newsletter = (json_content_scheme: unknown): NewsletterZumRendern => ({
      ...NEWSLETTER,
      json_content: { text: '<p>Hallo</p><script>x()</script>' },
      vorlage: { vorlage: 'inhalt.html', external_data_type: null, json_content_scheme },
    });
    const dateien = { 'inhalt.html': '{{{inhalt.text}}}|{{#each felder}}{{label}};{{/each}}' };
    const html = async (scheme: unknown) =>
      (await vorschauMit(newsletter(scheme), dateien).vorbereiten(1)).html(MIA);
    expect(await html('{"text": "HTML|200"}')).toBe('<p>Hallo</p>|Text;');
    // Without a scheme, or with one that cannot be read, the content is shown as stored.
    expect(await html(null)).toBe('<p>Hallo</p><script>x()</script>|');
    expect(await html('{"text": "Farbe"}')).toBe('<p>Hallo</p><script>x()</script>|');
  });

  it('takes the standard template for a template without file, and the subject before the title', async () => {
    const gerendert = await vorschauMit({
      ...NEWSLETTER,
      betreff: 'Fristen',
      vorlage: { vorlage: '', external_data_type: null, json_content_scheme: null },
    }).vorbereiten(1);
    expect(gerendert.betreff).toBe('Fristen');
    expect(gerendert.html(MIA)).toContain('Die Frist endet bald.');
  });

  it('puts the preview\u2019s signed links of this newsletter into the preview', async () => {
    const gefragt: number[] = [];
    const vorschau = vorschauMit(
      { ...NEWSLETTER, vorlage: { vorlage: 'l.html', external_data_type: null, json_content_scheme: null } },
      { 'l.html': '<a href="{{abmelden}}">ab</a><a href="https://verband.test/x">x</a>' },
      (id) => {
        gefragt.push(id);
        return { abmelden: 'https://verband.test/ab/v', verfolgen: (url) => `https://verband.test/r?${url}` };
      },
    );
    expect(await vorschau.html(4, 'K-3')).toBe(
      '<a href="https://verband.test/ab/v">ab</a><a href="https://verband.test/r?https://verband.test/x">x</a>',
    );
    expect(gefragt).toEqual([4]);
  });
});
