/**
 * GoBD (issue 29), for administrators only: the check of the audit chain and the tax audit's data
 * export (Z3) of a period — index.xml first, then one CSV per table (domain/gobd-export.ts), each
 * written a batch of rows at a time. The export is audited (who, when, which period) before the
 * first byte goes out.
 */
import { Injectable } from '@nestjs/common';
import { MitgliederAuskunft } from '../../membership/application/ports/mitglieder-auskunft';
import type { Pruefergebnis } from '../../platform/audit/audit-kette';
import type { Actor } from '../../platform/audit/audit-trail';
import { DomainError } from '../../shared/domain-error';
import {
  TABELLEN,
  csvZeile,
  exportName,
  indexXml,
  kopfzeile,
  zeitraum,
  type Tabelle,
  type Zeitraum,
} from '../domain/gobd-export';
import { GobdDaten } from './ports/gobd-daten';
import { Verbandsangaben } from './verbandsdaten';

export const NUR_ADMINISTRATOREN_GOBD =
  'Die Prüfung des Verlaufs und den GoBD-Datenexport dürfen nur Mitarbeiter mit dem Recht „Administrator“ ausführen.';

export interface ExportDatei {
  name: string;
  teile: AsyncIterable<Uint8Array>;
}

@Injectable()
export class Gobd {
  constructor(
    private readonly daten: GobdDaten,
    private readonly mitglieder: MitgliederAuskunft,
    private readonly verband: Verbandsangaben,
  ) {}

  async verlaufPruefen(actor: Actor | null): Promise<Pruefergebnis> {
    await this.nurAdministratoren(actor);
    return this.daten.verlaufPruefen();
  }

  /** Checks right and period (403/400 before anything is sent), audits, and answers the files to stream. */
  async export(
    von: unknown,
    bis: unknown,
    actor: Actor | null,
  ): Promise<{ name: string; dateien: AsyncIterable<ExportDatei> }> {
    await this.nurAdministratoren(actor);
    const z = zeitraum(von, bis);
    const lieferant = await this.verband.aktuell();
    await this.daten.protokolliere({
      actor,
      resource: 'gobd-export',
      recordId: null,
      action: 'export',
      changes: { von: { after: z.vonTag }, bis: { after: z.bisTag } },
    });
    const daten = this.daten;
    async function* dateien(): AsyncGenerator<ExportDatei> {
      yield { name: 'index.xml', teile: einmal(Buffer.from(indexXml(z, lieferant), 'utf8')) };
      for (const t of TABELLEN) yield { name: t.datei, teile: csv(daten, t, z) };
    }
    return { name: exportName(z), dateien: dateien() };
  }

  private async nurAdministratoren(actor: Actor | null): Promise<void> {
    if (actor == null || !(await this.mitglieder.istAdministrator(actor.id)))
      throw new DomainError('NUR_ADMIN', NUR_ADMINISTRATOREN_GOBD, 'forbidden');
  }
}

async function* csv(daten: GobdDaten, t: Tabelle, z: Zeitraum): AsyncGenerator<Uint8Array> {
  yield Buffer.from(kopfzeile(t), 'utf8');
  for await (const stapel of daten.zeilen(t.art, z.von, z.bis))
    yield Buffer.from(stapel.map((zeile) => csvZeile(t, zeile)).join(''), 'utf8');
}

async function* einmal(inhalt: Uint8Array): AsyncGenerator<Uint8Array> {
  yield inhalt;
}
