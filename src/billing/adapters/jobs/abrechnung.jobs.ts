/**
 * The billing verbs that run long for staff (DESIGN.md §4) as jobs on the queue port: the invoice
 * run, the export (which runs the invoice run first) and the invoices of a summary by e-mail, one
 * PDF each. Their HTTP calls answer the result when it is quick, else 202 (platform/queue/hintergrund.ts).
 */
import { Injectable, OnModuleInit } from '@nestjs/common';
import type { Actor } from '../../../platform/audit/audit-trail';
import { Hintergrundauftrag } from '../../../platform/queue/hintergrund';
import { JobQueue } from '../../../platform/queue/job-queue';
import { Abrechnungen, type Exportergebnis } from '../../application/abrechnungen';
import { Rechnungslauf, type Laufanfrage, type Laufergebnis } from '../../application/rechnungslauf';

export const RECHNUNGSLAUF = 'rechnungslauf';
export const ABRECHNUNG_EXPORT = 'abrechnung-export';
export const RECHNUNGEN_EMAIL = 'rechnungen-email';

/** The staff member who asked travels with the job, for the audit trail: id and name only. */
export const akteur = (actor: Actor | null): Actor | null => actor && { id: actor.id, name: actor.name };

interface LaufAuftrag {
  anfrage: Laufanfrage;
  actor: Actor | null;
}

interface EmailAuftrag {
  abrechnungId: number;
  actor: Actor | null;
}

@Injectable()
export class AbrechnungsAuftraege implements OnModuleInit {
  readonly rechnungslauf: Hintergrundauftrag<LaufAuftrag, Laufergebnis>;
  readonly export: Hintergrundauftrag<LaufAuftrag, Exportergebnis>;
  readonly rechnungenEmail: Hintergrundauftrag<
    EmailAuftrag,
    Awaited<ReturnType<Abrechnungen['rechnungenEmail']>>
  >;

  constructor(queue: JobQueue, lauf: Rechnungslauf, abrechnungen: Abrechnungen) {
    this.rechnungslauf = new Hintergrundauftrag(queue, RECHNUNGSLAUF, ({ anfrage, actor }, melde) =>
      lauf.starte(anfrage, actor, melde),
    );
    this.export = new Hintergrundauftrag(queue, ABRECHNUNG_EXPORT, ({ anfrage, actor }, melde) =>
      abrechnungen.erstelle(anfrage, actor, melde),
    );
    this.rechnungenEmail = new Hintergrundauftrag(queue, RECHNUNGEN_EMAIL, ({ abrechnungId, actor }, melde) =>
      abrechnungen.rechnungenEmail(abrechnungId, actor, melde),
    );
  }

  onModuleInit(): void {
    this.rechnungslauf.registrieren();
    this.export.registrieren();
    this.rechnungenEmail.registrieren();
  }
}
