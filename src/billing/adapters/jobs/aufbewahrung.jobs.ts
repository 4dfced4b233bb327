/**
 * Issue 34: invoices kept after their recipient's erasure on request go, with their bookings,
 * payments and archived PDF, once their retention has passed (domain/aufbewahrung.ts); each
 * deletion is in the audit trail (by the system). With a person's last invoice go their payment
 * options, and `aufbewahrung.beendet` lets membership erase what it kept for those invoices.
 * A repeatable job on the queue port; it runs daily rather than yearly because an in-process timer
 * cannot wait a year, and finds something only after the 31 December that ends a retention. The
 * PDFs go after the commit, so a rolled-back run keeps them; a crash between the two leaves an
 * unreachable file, never an invoice without its original.
 */
import { Injectable, Logger, OnApplicationBootstrap, OnModuleInit } from '@nestjs/common';
import { DataSource, In, Not, IsNull } from 'typeorm';
import { berlinDatum } from '../../../../common/kalender';
import { AuditTrail } from '../../../platform/audit/audit-trail';
import { alsTransaktion } from '../../../platform/database/transaktion';
import { Ereignisbus } from '../../../platform/events/ereignisbus';
import { JobQueue } from '../../../platform/queue/job-queue';
import { Rechnungsarchiv } from '../../application/ports/rechnungsarchiv';
import { aufbewahrungAbgelaufen } from '../../domain/aufbewahrung';
import { RwBezahloption } from '../persistence/rw-bezahloption.entity';
import { RwRechnung } from '../persistence/rw-rechnung.entity';
import { RwTransaction } from '../persistence/rw-transaction.entity';
import { RwZahlung } from '../persistence/rw-zahlung.entity';

export const AUFBEWAHRUNG = 'aufbewahrung-abgelaufen';
const TAG_MS = 24 * 3600 * 1000;

@Injectable()
export class AufbewahrungJobs implements OnModuleInit, OnApplicationBootstrap {
  private readonly logger = new Logger('Aufbewahrung');

  constructor(
    private readonly queue: JobQueue,
    private readonly dataSource: DataSource,
    private readonly audit: AuditTrail,
    private readonly archiv: Rechnungsarchiv,
    private readonly ereignisse: Ereignisbus,
  ) {}

  onModuleInit(): void {
    this.queue.register(AUFBEWAHRUNG, () => this.abgelaufeneLoeschen());
  }

  async onApplicationBootstrap(): Promise<void> {
    try {
      await this.queue.schedule(AUFBEWAHRUNG, 'taeglich', { everyMs: TAG_MS }, {});
    } catch (error) {
      this.logger.error(`Aufbewahrungsfristen nicht eingeplant: ${(error as Error).message}`);
    }
  }

  /** Deletes the invoices whose retention passed before `jetzt`, with their bookings, payments and PDFs. */
  async abgelaufeneLoeschen(jetzt = new Date()): Promise<{ rechnungen: number }> {
    const heute = berlinDatum(jetzt);
    const geloescht = await this.dataSource.transaction(async (m) => {
      const markiert = await m.find(RwRechnung, {
        where: { aufbewahren_bis: Not(IsNull()) },
        select: {
          id: true,
          aufbewahren_bis: true,
          rechnungs_nr: true,
          original_datei: true,
          benutzer_id: true,
        },
      });
      const abgelaufen = markiert.filter((r) => aufbewahrungAbgelaufen(r.aufbewahren_bis!, heute));
      const ids = abgelaufen.map((r) => r.id);
      if (ids.length) {
        await m.delete(RwZahlung, { rw_rechnung_id: In(ids) });
        await m.delete(RwTransaction, { rw_rechnung_id: In(ids) });
        await m.update(RwRechnung, { storno_id: In(ids) }, { storno_id: null });
        await m.update(RwRechnung, { storno_parent_id: In(ids) }, { storno_parent_id: null });
        await m.delete(RwRechnung, { id: In(ids) });
        for (const r of abgelaufen)
          await this.audit.record(m, {
            actor: null,
            resource: 'rw-rechnung',
            recordId: r.id,
            action: 'retention-expired',
            changes: { rechnungs_nr: { before: r.rechnungs_nr, after: null } },
          });
        // Whose last kept invoice went: their payment options, then what membership kept for them.
        const personen = [
          ...new Set(abgelaufen.flatMap((r) => (r.benutzer_id === null ? [] : [r.benutzer_id]))),
        ];
        const mitRechnung = new Set(
          (personen.length === 0
            ? []
            : await m.find(RwRechnung, {
                where: { benutzer_id: In(personen) },
                select: { benutzer_id: true },
              })
          ).map((r) => r.benutzer_id),
        );
        const fertig = personen.filter((id) => !mitRechnung.has(id));
        if (fertig.length) {
          await m.delete(RwBezahloption, { benutzer_id: In(fertig) });
          await this.ereignisse.melden('aufbewahrung.beendet', { benutzer_ids: fertig }, alsTransaktion(m));
        }
      }
      return abgelaufen;
    });
    for (const r of geloescht) if (r.original_datei) await this.archiv.entfernen(r.original_datei);
    if (geloescht.length)
      this.logger.log(`${geloescht.length} Rechnungen nach Ablauf der Aufbewahrung gelöscht`);
    return { rechnungen: geloescht.length };
  }
}
