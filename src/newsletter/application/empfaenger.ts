/**
 * The recipients of a newsletter (spec 002 §3): the addresses its send groups reach minus its
 * exclusion groups, computed by membership (its read port). The count shown before sending and
 * the dispatch use this one computation.
 */
import { Injectable } from '@nestjs/common';
import { MitgliederAuskunft, type Adresse } from '../../membership/application/ports/mitglieder-auskunft';
import { DomainError } from '../../shared/domain-error';
import { empfaengerAuswahl, type EmpfaengerAuswahl } from '../domain/newsletter';
import { NewsletterBestand } from './ports/newsletter-bestand';

export const newsletterFehlt = (id: number) =>
  DomainError.notFound('NEWSLETTER_FEHLT', `Der Newsletter ${id} wurde nicht gefunden.`);

@Injectable()
export class NewsletterEmpfaenger {
  constructor(
    private readonly bestand: NewsletterBestand,
    private readonly mitglieder: MitgliederAuskunft,
  ) {}

  private async auswahl(id: number): Promise<EmpfaengerAuswahl> {
    const gruppen = await this.bestand.gruppen(id);
    if (!gruppen) throw newsletterFehlt(id);
    return empfaengerAuswahl(gruppen);
  }

  async anzahl(id: number): Promise<number> {
    return this.mitglieder.adressenAnzahl(await this.auswahl(id));
  }

  async adressen(id: number): Promise<Adresse[]> {
    return this.mitglieder.adressen(await this.auswahl(id));
  }
}
