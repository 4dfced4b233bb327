/**
 * The links of sent newsletters (issue 15): each http(s) link goes through /node/r/{token}, which
 * records the click (statistik-newsletter) and redirects; each mail carries a one-click
 * unsubscribe (RFC 8058). Both need PUBLIC_URL, the address recipients reach the app by.
 */
import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { createHash } from 'node:crypto';
import { berlinWandzeit } from '../../../common/kalender';
import type { AppConfig, NewsletterConfig } from '../../config/env';
import { MitgliederAuskunft } from '../../membership/application/ports/mitglieder-auskunft';
import { DomainError } from '../../shared/domain-error';
import { pruefe, signiere, type Herkunft } from '../domain/tracking';
import type { VersandLinks } from './newsletter-html';
import { VersandSpeicher, type Empfang } from './ports/versand-speicher';

const unbekannt = () => DomainError.notFound('LINK_UNBEKANNT', 'Diesen Link gibt es nicht.');

@Injectable()
export class NewsletterLinks {
  private readonly schluessel: string;
  private readonly publicUrl?: string;

  constructor(
    private readonly speicher: VersandSpeicher,
    private readonly mitglieder: MitgliederAuskunft,
    config: ConfigService,
  ) {
    // A key of its own, derived from the session secret: a session cookie never verifies a link.
    const secret = config.getOrThrow<AppConfig>('app').sessionSecret;
    this.schluessel = createHash('sha256').update(`newsletter-links:${secret}`).digest('hex');
    this.publicUrl = config.get<NewsletterConfig>('newsletter')?.publicUrl;
  }

  /** The links of one recipient's mail, or none without PUBLIC_URL. */
  fuerVersand(versandId: number): (VersandLinks & { headers: Record<string, string> }) | undefined {
    return this.linksVon({ versandId });
  }

  /**
   * The links of the preview: the same addresses as in the sent mail, signed for the preview of
   * this newsletter, so that following them neither counts as a click nor unsubscribes anybody.
   */
  fuerVorschau(newsletterId: number): VersandLinks | undefined {
    return this.linksVon({ vorschau: newsletterId });
  }

  private linksVon(herkunft: Herkunft): (VersandLinks & { headers: Record<string, string> }) | undefined {
    if (!this.publicUrl) return undefined;
    const abmelden = `${this.publicUrl}/node/abmelden/${signiere({ zweck: 'abmelden', ...herkunft }, this.schluessel)}`;
    return {
      abmelden,
      verfolgen: (url) =>
        `${this.publicUrl}/node/r/${signiere({ zweck: 'klick', url, ...herkunft }, this.schluessel)}`,
      headers: { 'List-Unsubscribe': `<${abmelden}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    };
  }

  /** A click: recorded (not from a preview), and the address it leads to; anything not signed here is unknown. */
  async klick(token: string): Promise<string> {
    const inhalt = pruefe(token, this.schluessel);
    if (inhalt?.zweck !== 'klick') throw unbekannt();
    if ('vorschau' in inhalt) return inhalt.url;
    const row = await this.versand(inhalt.versandId);
    const { datum, uhrzeit } = berlinWandzeit(new Date());
    await this.speicher.klickVermerken({
      datum,
      uhrzeit,
      newsletter_id: row.newsletter_id,
      dispatcher_id: row.newsletter_dispatcher_id,
      benutzer_id: row.benutzer_id,
      url: inhalt.url,
    });
    return inhalt.url;
  }

  /** Checks an unsubscribe token (the page behind the link in the mail); true for a preview's. */
  async abmeldungPruefen(token: string): Promise<{ vorschau: boolean }> {
    const inhalt = pruefe(token, this.schluessel);
    if (inhalt?.zweck !== 'abmelden') throw unbekannt();
    if ('vorschau' in inhalt) return { vorschau: true };
    await this.versand(inhalt.versandId);
    return { vorschau: false };
  }

  /**
   * The one-click unsubscribe: the recipient gets no more newsletters, from the next dispatch on.
   * The preview's link changes nothing (staff try it out in the preview).
   */
  async abmelden(token: string): Promise<{ vorschau: boolean }> {
    const inhalt = pruefe(token, this.schluessel);
    if (inhalt?.zweck !== 'abmelden') throw unbekannt();
    if ('vorschau' in inhalt) return { vorschau: true };
    const row = await this.versand(inhalt.versandId);
    // Counted for the dispatch it came from (the newsletter evaluation's opt-outs, issue 32).
    await this.speicher.abmeldungVermerken(inhalt.versandId, new Date());
    const benutzerId = row.benutzer_id;
    if (benutzerId == null) return { vorschau: false };
    await this.mitglieder.newsletterAbbestellen(benutzerId);
    return { vorschau: false };
  }

  private async versand(id: number): Promise<Empfang> {
    const row = await this.speicher.empfang(id);
    if (!row) throw unbekannt();
    return row;
  }
}
