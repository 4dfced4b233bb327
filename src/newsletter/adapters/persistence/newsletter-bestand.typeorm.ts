/** NewsletterBestand through TypeORM. */
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  NewsletterBestand,
  type NewsletterGruppen,
  type NewsletterZumRendern,
  type VorlagenDaten,
} from '../../application/ports/newsletter-bestand';
import { NewsletterVorlage } from './newsletter-vorlage.entity';
import { Newsletter } from './newsletter.entity';

const vorlagenDaten = (vorlage: NewsletterVorlage): VorlagenDaten => ({
  vorlage: vorlage.vorlage,
  external_data_type: vorlage.external_data_type,
  json_content_scheme: vorlage.json_content_scheme,
});

@Injectable()
export class NewsletterBestandTypeorm extends NewsletterBestand {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async vorhanden(id: number): Promise<boolean> {
    return this.dataSource.manager.exists(Newsletter, { where: { id } });
  }

  async gruppen(id: number): Promise<NewsletterGruppen | null> {
    const newsletter = await this.dataSource.manager.findOne(Newsletter, {
      where: { id },
      relations: { Benutzer_Gruppes: true, Ausschluss_Gruppes: true },
      select: {
        id: true,
        allow_duplicate_email: true,
        Benutzer_Gruppes: { id: true },
        Ausschluss_Gruppes: { id: true },
      },
    });
    return (
      newsletter && {
        allow_duplicate_email: newsletter.allow_duplicate_email,
        versand: newsletter.Benutzer_Gruppes.map((g) => g.id),
        ausschluss: newsletter.Ausschluss_Gruppes.map((g) => g.id),
      }
    );
  }

  async zumRendern(id: number): Promise<NewsletterZumRendern | null> {
    const newsletter = await this.dataSource.manager.findOne(Newsletter, {
      where: { id },
      relations: {
        Newsletter_Vorlage: true,
        Newsletter_Absender: true,
        Veranstaltung: true,
        Veranstaltung_Event: true,
      },
    });
    if (!newsletter) return null;
    const { Newsletter_Vorlage: vorlage, Newsletter_Absender: absender } = newsletter;
    const { Veranstaltung: seminar, Veranstaltung_Event: event } = newsletter;
    return {
      titel: newsletter.titel,
      betreff: newsletter.betreff,
      body: newsletter.body,
      json_content: newsletter.json_content,
      vorlage: vorlage ? vorlagenDaten(vorlage) : null,
      absender: absender ? { name: absender.name, email: absender.email, reply_to: absender.reply_to } : null,
      seminar: seminar ? { lg_id: seminar.lg_id, titel: seminar.titel, beginn: seminar.beginn } : null,
      event: event
        ? { lg_id: event.lg_id, titel: event.titel, datum: event.datum, beginn: event.beginn }
        : null,
    };
  }

  async vorlage(id: number): Promise<VorlagenDaten | null> {
    const vorlage = await this.dataSource.manager.findOne(NewsletterVorlage, { where: { id } });
    return vorlage && vorlagenDaten(vorlage);
  }
}
