/**
 * Newsletter's part of a Datenauskunft (issue 34): the mails sent to the person and their clicks;
 * an erasure on request deletes both (no retention duty; the opt-out stays with membership).
 */
import { Injectable, OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { managerVon } from '../../../platform/database/transaktion';
import { Personendaten, type Beitrag } from '../../../platform/datenschutz/personendaten';
import { NewsletterVersand } from './newsletter-dispatcher.entity';
import { StatistikNewsletter } from './statistik-newsletter.entity';

const zeile = (e: object): Record<string, unknown> => ({ ...e });

@Injectable()
export class NewsletterPersonendaten implements OnModuleInit {
  constructor(
    private readonly dataSource: DataSource,
    private readonly personendaten: Personendaten,
  ) {}

  onModuleInit(): void {
    this.personendaten.beitragen('newsletter', (id) => this.beitrag(id));
    this.personendaten.loeschbar('newsletter', {
      hindernis: async () => null,
      loeschen: async (benutzerId, tx) => {
        await managerVon(tx).delete(StatistikNewsletter, { benutzer_id: benutzerId });
        await managerVon(tx).delete(NewsletterVersand, { benutzer_id: benutzerId });
      },
    });
  }

  private async beitrag(benutzerId: number): Promise<Beitrag> {
    const m = this.dataSource.manager;
    const [versand, klicks] = await Promise.all([
      m.find(NewsletterVersand, { where: { benutzer_id: benutzerId }, order: { id: 'ASC' } }),
      m.find(StatistikNewsletter, { where: { benutzer_id: benutzerId }, order: { id: 'ASC' } }),
    ]);
    return {
      bestaende: [
        { datei: 'newsletter_versand', titel: 'Newsletter-Versand', zeilen: versand.map(zeile) },
        { datei: 'newsletter_klicks', titel: 'Newsletter-Klicks', zeilen: klicks.map(zeile) },
      ],
    };
  }
}
