/**
 * Membership listens to billing's `aufbewahrung.beendet`: an erased Benutzer whose last kept invoice
 * went loses the name, addresses and accounts kept for it, in billing's transaction.
 */
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { Ereignisbus } from '../../../platform/events/ereignisbus';
import { LoeschungAufWunsch } from '../../application/loeschung-auf-wunsch';

@Injectable()
export class AufbewahrungListener implements OnModuleInit {
  constructor(
    private readonly ereignisse: Ereignisbus,
    private readonly loeschung: LoeschungAufWunsch,
  ) {}

  onModuleInit(): void {
    this.ereignisse.abonnieren('aufbewahrung.beendet', ({ benutzer_ids }, tx) =>
      this.loeschung.aufbewahrungBeendet(benutzer_ids, tx),
    );
  }
}
