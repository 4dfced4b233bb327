/**
 * The association's data (domain/verbandsdaten.ts) as staff see and administrators change it, and
 * as invoices and SEPA files use it. Until it is saved once, the SEPA creditor of the configuration
 * (SEPA_CREDITOR_*) stands in, so an installation configured before issue 28 keeps working.
 */
import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { SepaConfig } from '../../config/env';
import { MitgliederAuskunft } from '../../membership/application/ports/mitglieder-auskunft';
import type { Actor } from '../../platform/audit/audit-trail';
import type { Glaeubiger } from '../domain/sepa';
import {
  glaeubiger,
  leereVerbandsdaten,
  pruefeVerbandsdaten,
  type Verbandsdaten,
} from '../domain/verbandsdaten';
import { VerbandsdatenSpeicher } from './ports/verbandsdaten-speicher';
import { istAdmin, nurAdministratoren } from './verwaltungsrecht';

export const NUR_ADMINISTRATOREN =
  'Die Verbandsdaten dürfen nur Mitarbeiter mit dem Recht „Administrator“ ändern.';

@Injectable()
export class Verbandsangaben {
  constructor(
    private readonly speicher: VerbandsdatenSpeicher,
    private readonly mitglieder: MitgliederAuskunft,
    private readonly config: ConfigService,
  ) {}

  /** What is saved, else what the configuration's SEPA creditor gives. */
  async aktuell(): Promise<Verbandsdaten> {
    return (await this.speicher.lesen()) ?? leereVerbandsdaten(this.config.get<SepaConfig>('sepa')?.creditor);
  }

  /** The data and whether this member of staff may change it (the screen asks, never decides). */
  async ansicht(actor: Actor | null): Promise<Verbandsdaten & { bearbeitbar: boolean }> {
    const [daten, bearbeitbar] = await Promise.all([this.aktuell(), istAdmin(this.mitglieder, actor)]);
    return { ...daten, bearbeitbar };
  }

  /** Checked as a whole and saved by an administrator only (403 otherwise); answers what was stored. */
  async speichere(werte: Verbandsdaten, actor: Actor | null): Promise<Verbandsdaten> {
    await nurAdministratoren(this.mitglieder, actor, NUR_ADMINISTRATOREN);
    const daten = pruefeVerbandsdaten(werte);
    await this.speicher.speichern(daten, actor);
    return daten;
  }

  /** The creditor of the SEPA files, or null while the data lacks name, IBAN or Gläubiger-ID. */
  async glaeubiger(): Promise<Glaeubiger | null> {
    return glaeubiger(await this.aktuell());
  }
}
