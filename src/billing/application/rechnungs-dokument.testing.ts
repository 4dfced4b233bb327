/**
 * In-memory ports of RechnungsDokument, for unit specs of the invoice PDF and of the use cases that
 * issue invoices: templates by file name, a renderer that writes what it was asked as JSON (so a
 * spec reads template, data and a counter from the "PDF"), an archive in a map and a mail outbox.
 */
import { Mailer, type MailMessage } from '../../platform/mail/mailer';
import { TemplateError } from '../../platform/pdf/handlebars-fill';
import { PdfRenderer, type PdfTemplate } from '../../platform/pdf/pdf-renderer';
import { TemplateFiles, type TemplateRequest } from '../../platform/pdf/template-files';
import type { FileStorage } from '../../platform/files/file-storage';
import { ConfigService } from '@nestjs/config';
import type { MitgliederAuskunft } from '../../membership/application/ports/mitglieder-auskunft';
import type { Verbandsdaten } from '../domain/verbandsdaten';
import type { Abrechnungsspeicher } from './ports/abrechnungsspeicher';
import { VerbandsdatenSpeicher } from './ports/verbandsdaten-speicher';
import { Verbandsangaben } from './verbandsdaten';
import { Rechnungsarchiv } from './ports/rechnungsarchiv';
import { Uhr } from './ports/uhr';
import { ERechnungsformat } from './ports/e-rechnungs-format';
import type { ERechnung } from '../domain/e-rechnung';
import type { Ereignisbus } from '../../platform/events/ereignisbus';
import { Nummernvergabe } from './nummernvergabe';
import { ZahlungsspeicherInMemory } from './ports/zahlungsspeicher.testing';
import { RechnungsDokument, STANDARD_RECHNUNGSVORLAGE } from './rechnungs-dokument';
import { Rechnungslauf } from './rechnungslauf';

/** Template files by name, as the rw-vorlage area plus the shipped default would hold them. */
export class VorlagenInMemory extends TemplateFiles {
  readonly dateien = new Map<string, string>([[STANDARD_RECHNUNGSVORLAGE, 'Standard']]);
  readonly angefragt: TemplateRequest[] = [];

  constructor() {
    super(undefined as unknown as FileStorage);
  }

  override async load(anfrage: TemplateRequest): Promise<PdfTemplate> {
    this.angefragt.push(anfrage);
    const { file, title, field } = anfrage;
    const inhalt = file ? this.dateien.get(file) : undefined;
    if (inhalt === undefined) throw new TemplateError(title, field, `die Datei „${file}“ gibt es nicht`);
    return {
      title,
      file: file!,
      content: Buffer.from(inhalt),
      load: () => Promise.reject(new Error('kein Briefkopf')),
    };
  }
}

/** What the fake renderer wrote into a "PDF". */
export interface Gerendert {
  nr: number;
  datei: string;
  vorlage: string;
  data: Record<string, unknown> & { texte: { einleitung: string | null; schluss: string | null } };
}

export class PdfAlsJson extends PdfRenderer {
  gerendert = 0;

  async render(template: PdfTemplate, data: object): Promise<Uint8Array> {
    this.gerendert += 1;
    const inhalt = Buffer.from(template.content).toString();
    return Buffer.from(JSON.stringify({ nr: this.gerendert, datei: template.file, vorlage: inhalt, data }));
  }

  renderMerged(): Promise<number> {
    return Promise.reject(new Error('nicht gebraucht'));
  }
}

export const gerendert = (pdf: Uint8Array): Gerendert => JSON.parse(Buffer.from(pdf).toString()) as Gerendert;

export class ArchivInMemory extends Rechnungsarchiv {
  readonly dateien = new Map<string, Uint8Array>();

  async ablegen(sha256: string, pdf: Uint8Array): Promise<string> {
    const datei = `${sha256}.pdf`;
    this.dateien.set(datei, Uint8Array.from(pdf));
    return datei;
  }

  async lesen(datei: string): Promise<Uint8Array | null> {
    return this.dateien.get(datei) ?? null;
  }

  async entfernen(datei: string): Promise<void> {
    this.dateien.delete(datei);
  }
}

export class Postausgang extends Mailer {
  readonly verbindungen = 1;
  readonly gesendet: MailMessage[] = [];
  fehler: Error | null = null;

  async send(message: MailMessage) {
    if (this.fehler) throw this.fehler;
    this.gesendet.push(message);
    return { messageId: `<${this.gesendet.length}@test>` };
  }

  async verify() {}
}

/** E-invoices as JSON: the "XML" is the content, the "embedded" PDF the PDF's bytes followed by it. */
export class ERechnungAlsJson extends ERechnungsformat {
  async einbetten(pdf: Uint8Array, rechnung: ERechnung): Promise<Uint8Array> {
    return Buffer.concat([Buffer.from(pdf), Buffer.from(`\n%E-RECHNUNG ${JSON.stringify(rechnung)}`)]);
  }

  async xml(rechnung: ERechnung): Promise<string> {
    return JSON.stringify(rechnung);
  }
}

/** The e-invoice content a "PDF" of ERechnungAlsJson carries, or null. */
export function eingebettet(pdf: Uint8Array): ERechnung | null {
  const text = Buffer.from(pdf).toString();
  const i = text.indexOf('\n%E-RECHNUNG ');
  return i < 0 ? null : (JSON.parse(text.slice(i + '\n%E-RECHNUNG '.length)) as ERechnung);
}

/** The association's data as saved, in memory (nothing saved: the empty set). */
export class VerbandsdatenInMemory extends VerbandsdatenSpeicher {
  daten: Verbandsdaten | null = null;

  async lesen() {
    return this.daten;
  }

  async speichern(daten: Verbandsdaten) {
    this.daten = daten;
  }
}

/** A clock standing at `jetzt`. */
export class FesteUhr extends Uhr {
  constructor(public zeit = new Date('2026-03-12T08:00:00Z')) {
    super();
  }

  jetzt() {
    return this.zeit;
  }
}

/** A RechnungsDokument on the given store with in-memory ports, and those ports. */
export function dokumentMitFakes(speicher: Abrechnungsspeicher) {
  const ports = {
    archiv: new ArchivInMemory(),
    vorlagen: new VorlagenInMemory(),
    pdf: new PdfAlsJson(),
    mailer: new Postausgang(),
    verbandsdaten: new VerbandsdatenInMemory(),
    uhr: new FesteUhr(),
    eRechnungen: new ERechnungAlsJson(),
  };
  // Only the administrator check asks membership; rendering never does.
  const verband = new Verbandsangaben(ports.verbandsdaten, {} as MitgliederAuskunft, new ConfigService({}));
  const dokument = new RechnungsDokument(
    speicher,
    ports.archiv,
    ports.vorlagen,
    ports.pdf,
    ports.mailer,
    verband,
    ports.uhr,
    ports.eRechnungen,
  );
  return { dokument, ...ports };
}

/** The invoice run on `speicher` with the fakes above, payments in memory, numbers by the real circles' rules. */
export function laufMitFakes(speicher: Abrechnungsspeicher, ereignisse: Ereignisbus, uhr: Uhr) {
  const fakes = dokumentMitFakes(speicher);
  const lauf = new Rechnungslauf(
    speicher,
    new Nummernvergabe(),
    ereignisse,
    uhr,
    fakes.dokument,
    new ZahlungsspeicherInMemory(),
  );
  return { lauf, ...fakes };
}
