/**
 * The member verbs of the group window (spec 001 §2, §7): adding Benutzer or e-mails by id,
 * removing all, filling a newsletter group, and refilling an automatic group from its rule. Each
 * runs in one transaction with the group locked, so it is all or nothing and concurrent calls take
 * turns; what changed goes into the audit trail in the same transaction.
 */
import { Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { MitgliedArt } from '../../../common/gruppen';
import { berlinDatum } from '../../../common/kalender';
import { AuditTrail, type Actor } from '../../platform/audit/audit-trail';
import { ohneFortschritt, type Melder } from '../../platform/queue/hintergrund';
import { BenutzerGruppe } from '../adapters/persistence/benutzer-gruppe.entity';
import { GruppenMitglieder, type LinkZeile } from '../adapters/persistence/gruppen-mitglieder';
import { auswahl, NEWSLETTER_EMPFAENGER } from '../domain/auto-regeln';
import {
  pruefeAuffuellbar,
  pruefeHinzufuegen,
  pruefeNewsletterFuellen,
  unbekannteIds,
} from '../domain/gruppen-regeln';

export interface Aufgefuellt {
  created: number;
  deleted: number;
}

@Injectable()
export class GruppenPflege {
  private readonly logger = new Logger('Gruppen');

  constructor(
    private readonly mitglieder: GruppenMitglieder,
    private readonly audit: AuditTrail,
  ) {}

  /**
   * Adds Benutzer or e-mails by id and answers the new link rows. Ids already in the group are
   * skipped; one unknown id refuses the whole request.
   */
  hinzufuegen(gruppeId: number, art: MitgliedArt, ids: number[], actor: Actor | null): Promise<LinkZeile[]> {
    return this.mitglieder.transaktion(async (manager) => {
      pruefeHinzufuegen(await this.mitglieder.sperren(manager, gruppeId), art);
      const vorhanden = await this.mitglieder.vorhanden(manager, art, ids);
      const unbekannt = ids.filter((id) => !vorhanden.has(id));
      if (unbekannt.length > 0) throw unbekannteIds(art, unbekannt);
      const schon = await this.mitglieder.verknuepft(manager, art, gruppeId, ids);
      const neu = await this.mitglieder.verknuepfen(
        manager,
        art,
        gruppeId,
        ids.filter((id) => !schon.has(id)),
      );
      await this.protokolliere(manager, actor, gruppeId, { created: neu.length, deleted: 0 });
      return neu;
    });
  }

  /** Removes every Benutzer (or e-mail) of the group; answers how many. */
  alleEntfernen(gruppeId: number, art: MitgliedArt, actor: Actor | null): Promise<{ deleted: number }> {
    return this.mitglieder.transaktion(async (manager) => {
      await this.mitglieder.sperren(manager, gruppeId);
      const deleted = await this.mitglieder.alleEntfernen(manager, art, gruppeId);
      await this.protokolliere(manager, actor, gruppeId, { created: 0, deleted });
      return { deleted };
    });
  }

  /**
   * The newsletter-group fill (spec 001 §7): members with a primary e-mail who did not opt out,
   * as their primary e-mails (or as Benutzer for a group that holds only Benutzer).
   */
  newsletterFuellen(gruppeId: number, actor: Actor | null): Promise<{ created: number }> {
    return this.mitglieder.transaktion(async (manager) => {
      const gruppe = await this.mitglieder.sperren(manager, gruppeId);
      pruefeNewsletterFuellen(gruppe);
      const art: MitgliedArt = gruppe.zuordnung === 'benutzer' ? 'benutzer' : 'email';
      const created = await this.mitglieder.einfuegenAus(manager, art, gruppeId, NEWSLETTER_EMPFAENGER);
      await this.protokolliere(manager, actor, gruppeId, { created, deleted: 0 });
      return { created };
    });
  }

  /** Refuses what a refill would refuse, before it is queued (404, 409, or 400 for a rule that cannot run). */
  async pruefeAuffuellen(gruppeId: number): Promise<void> {
    const gruppe = await this.mitglieder.laden(this.mitglieder.manager, gruppeId);
    pruefeAuffuellbar(gruppe);
    auswahl(gruppe, berlinDatum(new Date()));
  }

  /**
   * Makes the group hold exactly the Benutzer its rule selects today: one INSERT … SELECT of the
   * missing and one DELETE of the surplus. Running it again changes nothing.
   */
  auffuellen(gruppeId: number, actor: Actor | null, melde: Melder = ohneFortschritt): Promise<Aufgefuellt> {
    return this.mitglieder.transaktion(async (manager) => {
      const gruppe = await this.mitglieder.sperren(manager, gruppeId);
      pruefeAuffuellbar(gruppe);
      const bedingung = auswahl(gruppe, berlinDatum(new Date()));
      // Two set-based statements: the steps are all the progress there is to show.
      await melde(0, 2, 'Fehlende Benutzer werden hinzugefügt');
      const created = await this.mitglieder.einfuegenAus(manager, 'benutzer', gruppeId, bedingung);
      await melde(1, 2, 'Nicht mehr passende Benutzer werden entfernt');
      const deleted = await this.mitglieder.entfernenAusser(manager, gruppeId, bedingung);
      await this.protokolliere(manager, actor, gruppeId, { created, deleted }, 'refill');
      await melde(2, 2, 'Gruppe befüllt');
      return { created, deleted };
    });
  }

  /** The nightly run: refills every automatic group; one that fails is logged and the rest go on. */
  async alleAuffuellen(): Promise<Aufgefuellt & { gruppen: number; fehler: string[] }> {
    const gruppen = await this.mitglieder.manager.find(BenutzerGruppe, {
      where: { typ: 'Auto' },
      select: { id: true, name: true },
      order: { id: 'ASC' },
    });
    const summe = { gruppen: gruppen.length, created: 0, deleted: 0, fehler: [] as string[] };
    for (const gruppe of gruppen) {
      try {
        const ergebnis = await this.auffuellen(gruppe.id, null);
        summe.created += ergebnis.created;
        summe.deleted += ergebnis.deleted;
      } catch (error) {
        const text = `Gruppe ${gruppe.id} „${gruppe.name}“: ${error instanceof Error ? error.message : String(error)}`;
        this.logger.error(`Nächtliches Befüllen: ${text}`);
        summe.fehler.push(text);
      }
    }
    return summe;
  }

  /** One audit entry on the group per verb that changed its members: how many came and went. */
  private async protokolliere(
    manager: EntityManager,
    actor: Actor | null,
    gruppeId: number,
    { created, deleted }: Aufgefuellt,
    action: 'update' | 'refill' = 'update',
  ): Promise<void> {
    if (created === 0 && deleted === 0) return;
    await this.audit.record(manager, {
      actor,
      resource: 'benutzer-gruppe',
      recordId: gruppeId,
      action,
      changes: {
        ...(created ? { hinzugefuegt: { after: created } } : {}),
        ...(deleted ? { entfernt: { after: deleted } } : {}),
      },
    });
  }
}
