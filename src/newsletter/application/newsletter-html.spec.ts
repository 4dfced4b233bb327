import { DomainError } from '../../shared/domain-error';
import { domainError } from '../../shared/domain-error.testing';
import { newsletterHtml, type NewsletterDaten } from './newsletter-html';

const daten: NewsletterDaten = {
  titel: 'Steuerrecht aktuell',
  betreff: 'Neues im November',
  body: '<p>Die Frist endet bald.</p><script>alert(1)</script>',
  json_content: null,
  scheme: null,
  absender: { name: 'Steuerakademie', email: 'news@akademie.test', reply_to: null },
};
const vorlage = { name: 'test.html', quelle: '<h1>{{titel}}</h1><p>{{anrede}}</p>{{{body}}}' };
const empfaenger = (nr: number) => ({
  benutzer_id: nr,
  kennnummer: `K-${nr}`,
  anzeigename: null,
  ansprache: nr === 2 ? null : `Guten Tag Nr. ${nr}`,
  email: `e${nr}@kanzlei.test`,
});

describe('newsletterHtml', () => {
  it('prepares the newsletter once and fills in each recipient, the editors\u2019 HTML sanitized', () => {
    const html = newsletterHtml(vorlage, daten);
    expect(html(empfaenger(1))).toBe(
      '<h1>Steuerrecht aktuell</h1><p>Guten Tag Nr. 1</p><p>Die Frist endet bald.</p>',
    );
    expect(html(empfaenger(2))).toContain('<p>Sehr geehrte Damen und Herren</p>');
  });

  it('refuses a broken template when preparing, before any recipient is rendered', () => {
    const fehler = domainError(() =>
      newsletterHtml({ name: 'kaputt.html', quelle: '{{#if titel}}offen' }, daten),
    );
    expect(fehler).toBeInstanceOf(DomainError);
    expect(fehler.code).toBe('NEWSLETTER_VORLAGE_FEHLERHAFT');
    expect(fehler.message).toMatch(/^Die Vorlagendatei „kaputt\.html“ ist fehlerhaft: /);
  });

  const alles = {
    name: 'alles.html',
    quelle:
      '{{titel}}|{{betreff}}|{{anrede}}|{{{body}}}|{{absender.name}}|{{{abmelden}}}|{{empfaenger.kennnummer}}|' +
      '{{#if veranstaltung}}{{veranstaltung.lg_id}} {{veranstaltung.titel}}{{else}}ohne{{/if}}',
  };

  it('fills in title, subject, salutation, body, sender, recipient and the seminar', () => {
    const html = newsletterHtml(alles, {
      ...daten,
      betreff: null,
      body: null,
      veranstaltung: { lg_id: 'LG-7', titel: 'Umsatzsteuer', datum: '02.03.2026', uhrzeit: '10:00' },
    });
    expect(html({ ...empfaenger(1), ansprache: '  Liebe Frau Roth  ' })).toBe(
      'Steuerrecht aktuell|Steuerrecht aktuell|Liebe Frau Roth||Steuerakademie|' +
        'mailto:news@akademie.test?subject=Newsletter%20abbestellen%20(K-1)|K-1|LG-7 Umsatzsteuer',
    );
    // A blank salutation is none; a newsletter about no seminar shows none.
    expect(newsletterHtml(alles, daten)({ ...empfaenger(3), ansprache: '   ' })).toBe(
      'Steuerrecht aktuell|Neues im November|Sehr geehrte Damen und Herren|<p>Die Frist endet bald.</p>|' +
        'Steuerakademie|mailto:news@akademie.test?subject=Newsletter%20abbestellen%20(K-3)|K-3|ohne',
    );
  });

  it('unsubscribes by a mail to the reply address, else the sender; names the address without Kennnummer', () => {
    const abmelden = (absender: NewsletterDaten['absender'], kennnummer: string | null) =>
      newsletterHtml(
        { name: 'a.html', quelle: '{{{abmelden}}}' },
        { ...daten, absender },
      )({
        ...empfaenger(4),
        kennnummer,
      });
    expect(abmelden({ name: 'A', email: 'news@a.test', reply_to: 'antwort@a.test' }, 'K-4')).toBe(
      'mailto:antwort@a.test?subject=Newsletter%20abbestellen%20(K-4)',
    );
    expect(abmelden({ name: 'A', email: 'news@a.test', reply_to: '' }, null)).toBe(
      'mailto:news@a.test?subject=Newsletter%20abbestellen%20(e4%40kanzlei.test)',
    );
    expect(abmelden(null, 'K-4')).toBe('');
  });

  it('gives templates the content fields, their HTML sanitized, and the fields to show in order', () => {
    const quelle =
      '{{inhalt.titel}}|{{{inhalt.text}}}|{{#each inhalt.punkte}}{{{this.text}}};{{/each}}|' +
      '{{#each felder}}{{label}}={{text}}{{{html}}};{{/each}}';
    const scheme: NewsletterDaten['scheme'] = [
      { name: 'titel', typ: 'String' },
      { name: 'text', typ: 'HTML' },
      { name: 'punkte', liste: [{ name: 'text', typ: 'HTML' }] },
    ];
    const json_content = {
      titel: 'Fristen <b>2026</b>',
      text: '<p>Bald</p><script>x()</script>',
      punkte: [{ text: '<em>Eins</em><img src=x onerror=y>' }],
    };
    expect(
      newsletterHtml({ name: 'i.html', quelle }, { ...daten, scheme, json_content })(empfaenger(1)),
    ).toBe(
      'Fristen &lt;b&gt;2026&lt;/b&gt;|<p>Bald</p>|<em>Eins</em><img src="x" />;|' +
        'Titel=Fristen &lt;b&gt;2026&lt;/b&gt;;Text=<p>Bald</p>;Punkte=;',
    );
    // Without a scheme the content is given as stored, and there are no fields to show.
    expect(
      newsletterHtml(
        { name: 'i.html', quelle },
        { ...daten, json_content: { text: '<i>roh</i>' } },
      )(empfaenger(1)),
    ).toBe('|<i>roh</i>||');
  });

  it('puts the dispatch\u2019s links in: its unsubscribe address, every other link tracked', () => {
    const html = newsletterHtml(
      {
        name: 'l.html',
        quelle: '<a href="{{abmelden}}">Abbestellen</a> <a href="https://verband.test/a?x=1&amp;y=2">A</a>',
      },
      daten,
    );
    const links = {
      abmelden: 'https://verband.test/ab/123',
      verfolgen: (url: string) => `https://verband.test/k?u=${encodeURIComponent(url)}`,
    };
    expect(html(empfaenger(1), links)).toBe(
      '<a href="https://verband.test/ab/123">Abbestellen</a> ' +
        '<a href="https://verband.test/k?u=https%3A%2F%2Fverband.test%2Fa%3Fx%3D1%26y%3D2">A</a>',
    );
  });

  it('refuses a template that fails while filled in, naming it', () => {
    const html = newsletterHtml({ name: 'helfer.html', quelle: '{{unbekannt titel}}' }, daten);
    const fehler = domainError(() => html(empfaenger(1)));
    expect([fehler.code, fehler.message]).toEqual([
      'NEWSLETTER_VORLAGE_FEHLERHAFT',
      'Die Vorlagendatei „helfer.html“ ist fehlerhaft: Missing helper: "unbekannt"',
    ]);
  });
});
