/**
 * The preview of a newsletter for one recipient (spec 002 §7, `GET /node/newsletterVorschau`):
 * rendered exactly as the dispatch will send it to that Benutzer.
 */
import { Injectable } from '@nestjs/common';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { berlinWandzeit } from '../../../common/kalender';
import { leseContentScheme } from '../../../common/newsletter';
import { MitgliederAuskunft, type Anschreiben } from '../../membership/application/ports/mitglieder-auskunft';
import { FileStorage } from '../../platform/files/file-storage';
import { TEMPLATES_DIR } from '../../platform/pdf/template-files';
import { DomainError } from '../../shared/domain-error';
import { newsletterFehlt } from './empfaenger';
import { NewsletterLinks } from './tracking';
import { newsletterHtml, type NewsletterDaten, type VersandLinks } from './newsletter-html';
import { NewsletterBestand, type NewsletterZumRendern } from './ports/newsletter-bestand';

export interface GerenderterNewsletter {
  betreff: string;
  absender: NewsletterDaten['absender'];
  html(empfaenger: Anschreiben, links?: VersandLinks): string;
}

/** The seminar or event of the newsletter as templates show it: the event's own date and title first. */
function veranstaltungDaten({ seminar, event }: NewsletterZumRendern): NewsletterDaten['veranstaltung'] {
  if (!seminar && !event) return null;
  const beginn = seminar?.beginn ? berlinWandzeit(seminar.beginn) : null;
  const datum = event?.datum ?? beginn?.datum ?? null;
  const uhrzeit = event?.datum ? (event.beginn ?? '') : (beginn?.uhrzeit.slice(0, 5) ?? '');
  return {
    lg_id: event?.lg_id ?? seminar?.lg_id ?? null,
    titel: event?.titel ?? seminar?.titel ?? '',
    datum: datum ? datum.split('-').reverse().join('.') : '',
    uhrzeit,
  };
}

/** The file area of the newsletter templates; the shipped defaults are in templates/newsletter/. */
const AREA = 'newsletter-vorlagen';
const STANDARD = 'newsletter-standard.html';
const PLAIN_NAME = /^[^/\\]+$/;

@Injectable()
export class NewsletterVorschau {
  constructor(
    private readonly bestand: NewsletterBestand,
    private readonly storage: FileStorage,
    private readonly links: NewsletterLinks,
    private readonly mitglieder: MitgliederAuskunft,
  ) {}

  async html(newsletterId: number, kennnummer: string): Promise<string> {
    const gerendert = await this.vorbereiten(newsletterId);
    const empfaenger = await this.mitglieder.anschreibenNachKennnummer(kennnummer);
    if (!empfaenger)
      throw DomainError.notFound(
        'BENUTZER_FEHLT',
        `Es gibt keinen Benutzer mit der Kennnummer ${kennnummer}.`,
      );
    // The links the dispatch would put in, signed for the preview (no click recorded, nobody unsubscribed).
    return gerendert.html(empfaenger, this.links.fuerVorschau(newsletterId));
  }

  /**
   * The newsletter loaded and its template read once, ready to render for any recipient: the
   * preview renders one, the dispatch thousands, with the same function.
   */
  async vorbereiten(newsletterId: number): Promise<GerenderterNewsletter> {
    const newsletter = await this.bestand.zumRendern(newsletterId);
    if (!newsletter) throw newsletterFehlt(newsletterId);
    const vorlage = newsletter.vorlage;
    const scheme =
      vorlage?.json_content_scheme == null ? null : leseContentScheme(vorlage.json_content_scheme);
    const datei = await this.vorlage(vorlage?.vorlage || STANDARD);
    const daten: NewsletterDaten = {
      titel: newsletter.titel,
      betreff: newsletter.betreff,
      body: newsletter.body,
      json_content: newsletter.json_content,
      scheme: scheme?.ok ? scheme.wert : null,
      absender: newsletter.absender,
      veranstaltung: veranstaltungDaten(newsletter),
    };
    return {
      betreff: newsletter.betreff || newsletter.titel,
      absender: newsletter.absender,
      html: newsletterHtml(datei, daten),
    };
  }

  /** The template file: uploaded by staff into the file area, else shipped with the product. */
  private async vorlage(name: string): Promise<{ name: string; quelle: string }> {
    const fehlt = () =>
      DomainError.conflict('NEWSLETTER_VORLAGE_FEHLT', `Die Vorlagendatei „${name}“ gibt es nicht.`);
    if (!PLAIN_NAME.test(name) || name === '.' || name === '..') throw fehlt();
    if (await this.storage.exists(AREA, name))
      return { name, quelle: (await this.storage.readBuffer(AREA, name)).toString('utf8') };
    const quelle = await readFile(join(TEMPLATES_DIR, 'newsletter', name), 'utf8').catch(() => null);
    if (quelle === null) throw fehlt();
    return { name, quelle };
  }
}
