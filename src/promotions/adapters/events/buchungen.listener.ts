/** Promotions listen to billing's `buchung.aktiv`: a booking's voucher follows it (issue 28). */
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { AuditTrail } from '../../../platform/audit/audit-trail';
import { managerVon } from '../../../platform/database/transaktion';
import { Ereignisbus } from '../../../platform/events/ereignisbus';
import { gutscheinFolgtBuchung } from '../../application/gutschein-bindung';

@Injectable()
export class BuchungenListener implements OnModuleInit {
  constructor(
    private readonly ereignisse: Ereignisbus,
    private readonly audit: AuditTrail,
  ) {}

  onModuleInit(): void {
    this.ereignisse.abonnieren('buchung.aktiv', (ereignis, tx) =>
      gutscheinFolgtBuchung(managerVon(tx), this.audit, ereignis),
    );
  }
}
