/** NewsletterBestand through TypeORM. */
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { NewsletterBestand, type NewsletterGruppen } from '../../application/ports/newsletter-bestand';
import { Newsletter } from './newsletter.entity';

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
}
