/**
 * The recipients of a newsletter (spec 002 §3): the addresses its send groups reach minus its
 * exclusion groups, computed in SQL by membership. The count shown before sending and the
 * dispatch use this one computation.
 */
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  gruppenAdressen,
  gruppenAdressenAnzahl,
  type Adresse,
} from '../../membership/application/gruppen-adressen';
import { DomainError } from '../../shared/domain-error';
import { Newsletter } from '../adapters/persistence/newsletter.entity';
import { empfaengerAuswahl, type EmpfaengerAuswahl } from '../domain/newsletter';

export const newsletterFehlt = (id: number) =>
  DomainError.notFound('NEWSLETTER_FEHLT', `Der Newsletter ${id} wurde nicht gefunden.`);

@Injectable()
export class NewsletterEmpfaenger {
  constructor(private readonly dataSource: DataSource) {}

  private async auswahl(manager: EntityManager, id: number): Promise<EmpfaengerAuswahl> {
    const newsletter = await manager.findOne(Newsletter, {
      where: { id },
      relations: { Benutzer_Gruppes: true, Ausschluss_Gruppes: true },
      select: {
        id: true,
        allow_duplicate_email: true,
        Benutzer_Gruppes: { id: true },
        Ausschluss_Gruppes: { id: true },
      },
    });
    if (!newsletter) throw newsletterFehlt(id);
    return empfaengerAuswahl({
      allow_duplicate_email: newsletter.allow_duplicate_email,
      versand: newsletter.Benutzer_Gruppes.map((g) => g.id),
      ausschluss: newsletter.Ausschluss_Gruppes.map((g) => g.id),
    });
  }

  async anzahl(id: number, manager: EntityManager = this.dataSource.manager): Promise<number> {
    return gruppenAdressenAnzahl(manager, await this.auswahl(manager, id));
  }

  async adressen(id: number, manager: EntityManager = this.dataSource.manager): Promise<Adresse[]> {
    return gruppenAdressen(manager, await this.auswahl(manager, id));
  }
}
