/**
 * The DATEV settings (domain/datev-einstellungen.ts) as staff see them and administrators change
 * them; until saved, the SKR03 defaults without Berater-/Mandantennummer.
 */
import { Injectable } from '@nestjs/common';
import { MitgliederAuskunft } from '../../membership/application/ports/mitglieder-auskunft';
import type { Actor } from '../../platform/audit/audit-trail';
import { KATEGORIEN } from '../domain/kategorie';
import {
  KONTENRAHMEN_VORGABEN,
  pruefeDatevEinstellungen,
  standardDatevEinstellungen,
  standardErloeskonten,
  type DatevEinstellungen,
} from '../domain/datev-einstellungen';
import { EinstellungenSpeicher } from './ports/einstellungen-speicher';
import { istAdmin, nurAdministratoren } from './verwaltungsrecht';

export const DATEV_NUR_ADMINISTRATOREN =
  'Die DATEV-Einstellungen dürfen nur Mitarbeiter mit dem Recht „Administrator“ ändern.';

const SCHLUESSEL = 'datev-einstellungen';

@Injectable()
export class DatevEinstellungenDienst {
  constructor(
    private readonly speicher: EinstellungenSpeicher,
    private readonly mitglieder: MitgliederAuskunft,
  ) {}

  async aktuell(): Promise<DatevEinstellungen> {
    const gespeichert = await this.speicher.lesen<DatevEinstellungen>(SCHLUESSEL);
    if (!gespeichert) return standardDatevEinstellungen();
    // A category added later starts with the chart's defaults.
    const vorgaben = standardErloeskonten(gespeichert.kontenrahmen);
    return {
      ...gespeichert,
      erloeskonten: Object.fromEntries(
        KATEGORIEN.map((k) => [k, { ...vorgaben[k], ...gespeichert.erloeskonten?.[k] }]),
      ) as DatevEinstellungen['erloeskonten'],
    };
  }

  /** The settings, whether this member of staff may change them, and the SKR defaults the screen offers. */
  async ansicht(actor: Actor | null) {
    const [einstellungen, bearbeitbar] = await Promise.all([
      this.aktuell(),
      istAdmin(this.mitglieder, actor),
    ]);
    return {
      ...einstellungen,
      bearbeitbar,
      vorgaben: Object.fromEntries(
        Object.entries(KONTENRAHMEN_VORGABEN).map(([rahmen, v]) => [
          rahmen,
          { ...v, erloeskonten: standardErloeskonten(rahmen as '03' | '04') },
        ]),
      ),
    };
  }

  async speichere(werte: DatevEinstellungen, actor: Actor | null): Promise<DatevEinstellungen> {
    await nurAdministratoren(this.mitglieder, actor, DATEV_NUR_ADMINISTRATOREN);
    const einstellungen = pruefeDatevEinstellungen(werte);
    await this.speicher.speichern(SCHLUESSEL, einstellungen, actor);
    return einstellungen;
  }
}
