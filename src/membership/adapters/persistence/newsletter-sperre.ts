/**
 * Issue 34: an address erased on request keeps its newsletter opt-out whenever it is entered again,
 * by hand (the e-mail save hook) or with a new Benutzer (a guest taken over, `Mitgliederanlage`).
 */
import type { EntityManager } from 'typeorm';
import { sperrHash } from '../../domain/newsletter-sperre';
import { Benutzer } from './benutzer.entity';
import { NewsletterSperre } from './newsletter-sperre.entity';

export async function abmeldungBehalten(
  manager: EntityManager,
  benutzerId: number,
  email: string,
): Promise<void> {
  if (await manager.exists(NewsletterSperre, { where: { email_hash: sperrHash(email) } }))
    await manager.update(Benutzer, benutzerId, { atr_kein_newsletter: true });
}
