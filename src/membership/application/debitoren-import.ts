/**
 * The Datev import (spec 003 §2, §7; issue 29): a Debitoren/Kreditoren file from the Steuerberater
 * into Benutzer, in one transaction — a file that cannot be read whole changes nothing.
 */
import { Injectable } from '@nestjs/common';
import type { Actor } from '../../platform/audit/audit-trail';
import type { Melder } from '../../platform/queue/hintergrund';
import { FORMATE, leseExtf } from '../../shared/datev/extf';
import { lesePersonenkonten } from '../../shared/datev/debitoren-kreditoren';
import { abgleichMeldung, planeAbgleich } from '../domain/debitoren-abgleich';
import { DomainError } from '../../shared/domain-error';
import { DebitorenSpeicher } from './ports/debitoren-speicher';
import { MitgliederAuskunft } from './ports/mitglieder-auskunft';

/** The answer of POST /node/datev-import as spec 003 names it. */
export interface DatevImportErgebnis {
  success: true;
  message: string;
  csvType: string;
  result: { insert_datensatz: number; update_datensatz: number; delete_datensatz: number };
}

@Injectable()
export class DebitorenImport {
  constructor(
    private readonly speicher: DebitorenSpeicher,
    private readonly auskunft: MitgliederAuskunft,
  ) {}

  /** Creating, changing and deactivating Benutzer by the hundred is for administrators. */
  async pruefe(actor: Actor | null): Promise<void> {
    if (!actor || !(await this.auskunft.istAdministrator(actor.id)))
      throw new DomainError(
        'NUR_ADMIN',
        'Den Datev-Import dürfen nur Administratoren ausführen: er legt Benutzer an, ändert und deaktiviert sie.',
        'forbidden',
      );
  }

  /** Reads the whole file first (any fault refuses it), then writes, reporting each Benutzer. */
  async importieren(
    datei: Buffer,
    vollstaendig: boolean,
    actor: Actor | null,
    melde: Melder,
  ): Promise<DatevImportErgebnis> {
    const gelesen = lesePersonenkonten(leseExtf(datei));
    return this.speicher.transaktion(async (tx) => {
      const plan = planeAbgleich(await this.speicher.bestand(tx), gelesen, vollstaendig);
      const gesamt = plan.neu.length + plan.aenderungen.length + plan.deaktivieren.length;
      let erledigt = 0;
      await melde(0, gesamt, 'Debitoren werden übernommen');
      for (const konto of plan.neu) {
        await this.speicher.anlegen(tx, konto, actor);
        await melde(++erledigt, gesamt, 'Debitoren werden angelegt');
      }
      for (const aenderung of plan.aenderungen) {
        await this.speicher.aendern(tx, aenderung, actor);
        await melde(++erledigt, gesamt, 'Debitoren werden aktualisiert');
      }
      await this.speicher.deaktivieren(tx, plan.deaktivieren, actor);
      await melde(gesamt, gesamt, 'Fertig');
      return {
        success: true,
        message: abgleichMeldung(plan),
        csvType: FORMATE.debitorenKreditoren.name,
        result: {
          insert_datensatz: plan.neu.length,
          update_datensatz: plan.aenderungen.length,
          delete_datensatz: plan.deaktivieren.length,
        },
      };
    });
  }
}
