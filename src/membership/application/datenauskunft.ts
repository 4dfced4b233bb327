/**
 * The Datenauskunft of one Benutzer (issue 34, Art. 15 and 20 DSGVO): every context's part, asked
 * through the platform's registry `Personendaten`, written as one ZIP — a German cover letter (the
 * categories, purposes and periods of common/datenschutz.ts), `daten.json`, one CSV per kind of
 * record for German Excel and the documents kept (invoice PDFs). Only administrators ask for it;
 * each request is written to the audit trail.
 */
import { Injectable } from '@nestjs/common';
import type { Writable } from 'node:stream';
import { DataSource } from 'typeorm';
import { BETROFFENENRECHTE, EMPFAENGER, VERARBEITUNGEN } from '../../../common/datenschutz';
import { AuditTrail, type Actor } from '../../platform/audit/audit-trail';
import { stringifyCsv } from '../../platform/csv/csv-format';
import { Personendaten, type Anlage, type Datenbestand } from '../../platform/datenschutz/personendaten';
import { ZipSchreiber } from '../../platform/files/zip-schreiber';
import { PdfRenderer } from '../../platform/pdf/pdf-renderer';
import { TemplateFiles } from '../../platform/pdf/template-files';
import type { Melder } from '../../platform/queue/hintergrund';
import { DomainError } from '../../shared/domain-error';
import { MitgliederAuskunft } from './ports/mitglieder-auskunft';

/** What the finished job answers besides the file: the counts the dialog shows. */
export interface Auskunftsergebnis {
  name: string;
  dateien: number;
  datensaetze: number;
}

export const nurAdministratoren = (was: string) =>
  new DomainError('NUR_ADMIN', `${was} dürfen nur Administratoren veranlassen.`, 'forbidden');

@Injectable()
export class Datenauskunft {
  constructor(
    private readonly dataSource: DataSource,
    private readonly audit: AuditTrail,
    private readonly auskunft: MitgliederAuskunft,
    private readonly personendaten: Personendaten,
    private readonly pdf: PdfRenderer,
    private readonly templates: TemplateFiles,
  ) {}

  /** Checks the right and that the Benutzer exists, and records who asked when. */
  async beantragen(benutzerId: number, actor: Actor): Promise<void> {
    if (!(await this.auskunft.istAdministrator(actor.id))) throw nurAdministratoren('Eine Datenauskunft');
    if (!(await this.auskunft.anschreibenNachIds([benutzerId])).has(benutzerId))
      throw DomainError.notFound('BENUTZER_FEHLT', 'Diesen Benutzer gibt es nicht.');
    await this.dataSource.transaction((manager) =>
      this.audit.record(manager, { actor, resource: 'benutzer', recordId: benutzerId, action: 'auskunft' }),
    );
  }

  /** Writes the archive to `out`, one context's part after the other. */
  async schreibe(benutzerId: number, out: Writable, melde: Melder): Promise<Auskunftsergebnis> {
    const gesamt = this.personendaten.anzahl + 2;
    const bestaende: Datenbestand[] = [];
    const anlagen: Anlage[] = [];
    let erledigt = 0;
    for await (const { beitrag } of this.personendaten.sammle(benutzerId)) {
      bestaende.push(...beitrag.bestaende);
      anlagen.push(...(beitrag.anlagen ?? []));
      await melde(++erledigt, gesamt, 'Daten werden gesammelt');
    }
    const anschreiben = (await this.auskunft.anschreibenNachIds([benutzerId])).get(benutzerId);
    const anschrift = (await this.auskunft.postanschriften([benutzerId])).get(benutzerId);
    const vorlage = await this.templates.load({
      area: 'pdf-vorlage',
      file: 'datenauskunft.hbs',
      title: 'Datenauskunft',
      field: 'Datei',
    });
    const brief = await this.pdf.render(vorlage, {
      stand: new Date(),
      anschrift: anschrift?.length ? anschrift : [anschreiben?.anzeigename ?? ''],
      ansprache: anschreiben?.ansprache ?? null,
      kennnummer: anschreiben?.kennnummer ?? null,
      bestaende: bestaende.map((b) => ({ titel: b.titel, anzahl: b.zeilen.length })),
      verarbeitungen: VERARBEITUNGEN,
      empfaenger: EMPFAENGER,
      rechte: BETROFFENENRECHTE,
    });
    await melde(gesamt - 1, gesamt, 'Anschreiben');

    const zip = new ZipSchreiber(out);
    await zip.datei('Auskunftsschreiben.pdf', brief);
    await zip.datei(
      'daten.json',
      Buffer.from(JSON.stringify(Object.fromEntries(bestaende.map((b) => [b.datei, b.zeilen])), null, 2)),
    );
    for (const b of bestaende)
      if (b.zeilen.length > 0) await zip.datei(`csv/${b.datei}.csv`, stringifyCsv(b.zeilen));
    for (const a of anlagen) await zip.datei(a.name, a.inhalt);
    const dateien = await zip.schliessen();
    await melde(gesamt, gesamt, 'Archiv');
    return {
      name: `Datenauskunft ${anschreiben?.kennnummer ?? benutzerId}.zip`,
      dateien,
      datensaetze: bestaende.reduce((n, b) => n + b.zeilen.length, 0),
    };
  }
}
