/**
 * Seminars listen to billing's `buchung.geaendert`: the participant counts of every seminar a
 * changed booking names are recounted in the booking's own transaction.
 */
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { SeminarBuchungen } from '../../../billing/application/ports/seminar-buchungen';
import { managerVon } from '../../../platform/database/transaktion';
import { Ereignisbus } from '../../../platform/events/ereignisbus';
import { buchungGeaendert } from '../../application/teilnehmer';

@Injectable()
export class BuchungenListener implements OnModuleInit {
  constructor(
    private readonly ereignisse: Ereignisbus,
    private readonly buchungen: SeminarBuchungen,
  ) {}

  onModuleInit(): void {
    this.ereignisse.abonnieren('buchung.geaendert', (aenderung, tx) =>
      buchungGeaendert(managerVon(tx), this.buchungen, aenderung),
    );
  }
}
