/**
 * A newsletter as one recipient receives it (spec 002 §3): the template (handlebars HTML) filled
 * with the newsletter, its json_content and the recipient. HTML from the editors (body, HTML
 * content fields) is sanitized once more here, so a mail never carries what the save rules would
 * refuse, whatever is stored; all other values are escaped by handlebars.
 */
import Handlebars from 'handlebars';
import { mapHtml, type ContentScheme } from '../../../common/newsletter';
import type { Anschreiben } from '../../membership/application/ports/mitglieder-auskunft';
import { DomainError } from '../../shared/domain-error';
import { inhaltAnzeige } from '../domain/inhalt-anzeige';
import { linksErsetzen } from '../domain/tracking';
import { sicheresHtml } from '../domain/sicheres-html';

const hb = Handlebars.create();

/** Compiled templates by source: a dispatch renders one template for thousands of recipients. */
const kompiliert = new Map<string, HandlebarsTemplateDelegate>();
const KOMPILIERT_MAX = 20;

function kompilieren(quelle: string): HandlebarsTemplateDelegate {
  let vorlage = kompiliert.get(quelle);
  if (!vorlage) {
    if (kompiliert.size >= KOMPILIERT_MAX) kompiliert.delete(kompiliert.keys().next().value as string);
    // compile() defers parsing to the first call; parse() now refuses a broken template up front.
    hb.parse(quelle);
    vorlage = hb.compile(quelle);
    kompiliert.set(quelle, vorlage);
  }
  return vorlage;
}

export interface NewsletterDaten {
  titel: string;
  betreff: string | null;
  body: string | null;
  json_content: unknown;
  scheme: ContentScheme | null;
  absender: { name: string; email: string; reply_to: string | null } | null;
  /**
   * The seminar (or event) the newsletter is about, e.g. the one an automatic newsletter announces:
   * templates show it as {{veranstaltung.titel}}, {{veranstaltung.lg_id}}, {{veranstaltung.datum}}
   * (DD.MM.YYYY) and {{veranstaltung.uhrzeit}} (HH:MM, Berlin).
   */
  veranstaltung?: { lg_id: string | null; titel: string; datum: string; uhrzeit: string } | null;
}

/** Without a stored salutation (companies without contact person): the neutral German one. */
const NEUTRALE_ANREDE = 'Sehr geehrte Damen und Herren';

/** Unsubscribing answers the sender (RFC 2369 style mailto), which every mail client can do. */
function abmeldeLink(newsletter: NewsletterDaten, empfaenger: Anschreiben): string {
  const an = newsletter.absender?.reply_to || newsletter.absender?.email;
  if (!an) return '';
  const betreff = `Newsletter abbestellen (${empfaenger.kennnummer ?? empfaenger.email ?? ''})`;
  return `mailto:${an}?subject=${encodeURIComponent(betreff)}`;
}

/** Links of a sent mail: the recipient's unsubscribe address and the tracking of the others. */
export interface VersandLinks {
  abmelden: string;
  verfolgen(url: string): string;
}

/**
 * The newsletter ready for its recipients: what is the same for all of them (the sanitized HTML,
 * the content fields, the compiled template) is done here once, so that a dispatch to thousands
 * only fills in each recipient and signs their links.
 */
export function newsletterHtml(
  vorlage: { name: string; quelle: string },
  newsletter: NewsletterDaten,
): (empfaenger: Anschreiben, links?: VersandLinks) => string {
  const fehlerhaft = (error: unknown) =>
    DomainError.conflict(
      'NEWSLETTER_VORLAGE_FEHLERHAFT',
      `Die Vorlagendatei „${vorlage.name}“ ist fehlerhaft: ${(error as Error).message}`,
    );
  let vorlageFuellen: HandlebarsTemplateDelegate;
  try {
    vorlageFuellen = kompilieren(vorlage.quelle);
  } catch (error) {
    throw fehlerhaft(error);
  }
  const sicher = (html: string) => sicheresHtml(html);
  const inhalt = newsletter.scheme
    ? mapHtml(newsletter.scheme, newsletter.json_content, sicher)
    : newsletter.json_content;
  const gemeinsam = {
    titel: newsletter.titel,
    betreff: newsletter.betreff ?? newsletter.titel,
    body: new hb.SafeString(sicher(newsletter.body ?? '')),
    // Custom templates name the fields themselves: {{{inhalt.einleitung}}} for HTML, {{inhalt.titel}}.
    inhalt,
    felder: newsletter.scheme ? inhaltAnzeige(newsletter.scheme, inhalt) : [],
    absender: newsletter.absender,
    veranstaltung: newsletter.veranstaltung ?? null,
  };
  return (empfaenger, links) => {
    try {
      const html = vorlageFuellen({
        ...gemeinsam,
        anrede: empfaenger.ansprache?.trim() || NEUTRALE_ANREDE,
        empfaenger,
        abmelden: links?.abmelden ?? abmeldeLink(newsletter, empfaenger),
      });
      return links
        ? linksErsetzen(html, (url) => (url === links.abmelden ? null : links.verfolgen(url)))
        : html;
    } catch (error) {
      throw fehlerhaft(error);
    }
  };
}
