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
});
