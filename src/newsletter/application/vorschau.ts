/**
 * The preview of a newsletter for one recipient (spec 002 §7, `GET /node/newsletterVorschau`):
 * rendered exactly as the dispatch will send it to that Benutzer.
 */
import { Injectable } from '@nestjs/common';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { leseContentScheme } from '../../../common/newsletter';
import { anschreibenNachKennnummer } from '../../membership/application/anschreiben';
import { FileStorage } from '../../platform/files/file-storage';
import { TEMPLATES_DIR } from '../../platform/pdf/template-files';
import { DomainError } from '../../shared/domain-error';
import { Newsletter } from '../adapters/persistence/newsletter.entity';
import { newsletterFehlt } from './empfaenger';
import { newsletterHtml } from './newsletter-html';

/** The file area of the newsletter templates; the shipped defaults are in templates/newsletter/. */
const AREA = 'newsletter-vorlagen';
const STANDARD = 'newsletter-standard.html';
const PLAIN_NAME = /^[^/\\]+$/;

@Injectable()
export class NewsletterVorschau {
  constructor(
    private readonly dataSource: DataSource,
    private readonly storage: FileStorage,
  ) {}

  async html(newsletterId: number, kennnummer: string): Promise<string> {
    const manager = this.dataSource.manager;
    const newsletter = await manager.findOne(Newsletter, {
      where: { id: newsletterId },
      relations: { Newsletter_Vorlage: true, Newsletter_Absender: true },
    });
    if (!newsletter) throw newsletterFehlt(newsletterId);
    const empfaenger = await anschreibenNachKennnummer(manager, kennnummer);
    if (!empfaenger)
      throw DomainError.notFound(
        'BENUTZER_FEHLT',
        `Es gibt keinen Benutzer mit der Kennnummer ${kennnummer}.`,
      );
    const vorlage = newsletter.Newsletter_Vorlage;
    const scheme =
      vorlage?.json_content_scheme == null ? null : leseContentScheme(vorlage.json_content_scheme);
    return newsletterHtml(
      await this.vorlage(vorlage?.vorlage || STANDARD),
      {
        titel: newsletter.titel,
        betreff: newsletter.betreff,
        body: newsletter.body,
        json_content: newsletter.json_content,
        scheme: scheme?.ok ? scheme.wert : null,
        absender: newsletter.Newsletter_Absender,
      },
      empfaenger,
    );
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
