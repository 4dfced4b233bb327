/**
 * The Turnus timeline's verbs beyond the generic save (spec 003 §4, §7): a seminar or an event
 * removed from a period, audited on the period.
 */
import { Injectable } from '@nestjs/common';
import type { Actor } from '../../platform/audit/audit-trail';
import { auditChanges } from '../../platform/audit/audit-changes';
import { DomainError } from '../../shared/domain-error';
import { AboSpeicher } from './ports/abo-speicher';

const FELD = { seminar: 'veranstaltung_id', event: 'veranstaltung_event_id' } as const;
const NAME = { seminar: 'Das Seminar', event: 'Die Veranstaltung' } as const;

@Injectable()
export class AboTurnusse {
  constructor(private readonly speicher: AboSpeicher) {}

  /** DELETE wb-abo-turnus/{id}/veranstaltung or …/event: 404 when the period or the link is missing. */
  entfernen(
    turnusId: number,
    art: 'seminar' | 'event',
    id: number,
    actor: Actor | null,
  ): Promise<{ removed: 1 }> {
    return this.speicher.transaktion(async (tx) => {
      if (!(await tx.turnusGesperrt(turnusId)))
        throw DomainError.notFound('TURNUS_NICHT_GEFUNDEN', `Turnus ${turnusId} wurde nicht gefunden.`);
      if (!(await tx.verknuepfungEntfernen(turnusId, art, id)))
        throw DomainError.notFound(
          'TURNUS_VERKNUEPFUNG_FEHLT',
          `${NAME[art]} ${id} gehört nicht zu diesem Turnus.`,
        );
      await tx.protokolliere({
        actor,
        resource: 'wb-abo-turnus',
        recordId: turnusId,
        action: 'update',
        changes: auditChanges({ [FELD[art]]: id }, { [FELD[art]]: null }),
      });
      return { removed: 1 as const };
    });
  }
}
