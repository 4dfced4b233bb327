/**
 * The invoice PDF (`GET /node/api/rw-rechnung/{id}/render`, the e-mail attachment, batch documents:
 * `render(id)` is the one entry point) and the invoice sent by e-mail (`POST …/{id}/rechnungEmail`).
 *
 * Archived originals (issue 28, GoBD: an issued invoice is reproducible unchanged): the PDF is
 * rendered once, when the invoice is issued (`archivieren`, called by the invoice run, the export
 * and the storno after their transaction committed), stored in the invoice archive, and its SHA-256
 * recorded on the invoice. Every later read serves those bytes after checking the hash; a missing or
 * changed file is refused with a German message and logged, never silently rendered anew.
 * An invoice without an original — issued before this rule existed, or whose archiving failed
 * (e.g. a broken template, reported in the run's result) — gets it on its first download, rendered
 * from the templates of that moment, and keeps it from then on.
 *
 * What renders it: the template the invoice was issued with (`rw_vorlage_id`, chosen per seminar
 * type / bundle / product / Abo by domain/steuerquellen.ts) — its `datei`, for a storno its
 * `storno_datei` (else `datei`) from the rw-vorlage file area — else the shipped default
 * `templates/pdf/rechnung.hbs` (a file of that name in the area replaces it). The template's
 * opening and closing text blocks (rw-text) are filled in as `texte.einleitung` / `texte.schluss`.
 *
 * E-invoices (issue 29): an invoice issued to a business (domain/e-rechnung.ts) gets its CII XML,
 * built from the stored invoice, embedded before archiving — the archived original is the ZUGFeRD /
 * Factur-X e-invoice. `xrechnung(id)` answers the same XML alone, for any invoice.
 */
import { Injectable, Logger } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { fieldLabel } from '../../../common/vocabulary';
import { Mailer, MailDeliveryError } from '../../platform/mail/mailer';
import { PdfRenderer } from '../../platform/pdf/pdf-renderer';
import { TemplateFiles } from '../../platform/pdf/template-files';
import { ohneFortschritt, type Melder } from '../../platform/queue/hintergrund';
import { DomainError } from '../../shared/domain-error';
import { klartext } from '../../shared/klartext';
import { alsERechnungAusgestellt, eRechnung, xrechnungFehlt } from '../domain/e-rechnung';
import { rechnungsdokument, type GespeicherteRechnung } from '../domain/rechnungsdokument';
import { Abrechnungsspeicher, type Rechnung, type Rechnungsvorlage } from './ports/abrechnungsspeicher';
import { ERechnungsformat } from './ports/e-rechnungs-format';
import { Rechnungsarchiv } from './ports/rechnungsarchiv';
import { Uhr } from './ports/uhr';
import { Verbandsangaben } from './verbandsdaten';

export const STANDARD_RECHNUNGSVORLAGE = 'rechnung.hbs';

/** The client's success message (spec 002 §8). */
export const EMAIL_VERSENDET = 'Email erfolgreich versendet';

export interface Rechnungsdatei {
  name: string;
  pdf: Uint8Array;
}

export interface XRechnungsdatei {
  name: string;
  xml: string;
}

const sha256 = (pdf: Uint8Array) => createHash('sha256').update(pdf).digest('hex');

const text = (html: string | null | undefined) => (html ? klartext(html) || null : null);

@Injectable()
export class RechnungsDokument {
  private readonly logger = new Logger('Rechnungsarchiv');

  constructor(
    private readonly speicher: Abrechnungsspeicher,
    private readonly archiv: Rechnungsarchiv,
    private readonly vorlagen: TemplateFiles,
    private readonly pdf: PdfRenderer,
    private readonly mailer: Mailer,
    private readonly verband: Verbandsangaben,
    private readonly uhr: Uhr,
    private readonly eRechnungen: ERechnungsformat,
  ) {}

  private async laden(id: number) {
    const rechnung = await this.speicher.lesen().rechnungMitEmail(id);
    if (!rechnung) throw DomainError.notFound('NOT_FOUND', `Rechnung ${id} wurde nicht gefunden.`);
    return rechnung;
  }

  /** The invoice's archived original (archived now if it has none yet). */
  async render(id: number): Promise<Rechnungsdatei> {
    const rechnung = await this.laden(id);
    return { name: dateiname(rechnung), pdf: await this.original(rechnung) };
  }

  /**
   * The invoice as XRechnung (CII XML, built from its stored data, with the recipient's Leitweg-ID);
   * refused in German while the association's data lack what the German rules ask (BR-DE).
   */
  async xrechnung(id: number): Promise<XRechnungsdatei> {
    const rechnung = await this.laden(id);
    const inhalt = eRechnung(rechnung as GespeicherteRechnung, await this.verband.aktuell());
    const fehlt = xrechnungFehlt(inhalt);
    if (fehlt.length)
      throw DomainError.conflict(
        'XRECHNUNG_UNVOLLSTAENDIG',
        `Die XRechnung zu ${rechnung.rechnungs_nr} kann so nicht erstellt werden. ${fehlt.join(' ')}`,
      );
    return { name: dateiname(rechnung).replace(/\.pdf$/, '.xml'), xml: await this.eRechnungen.xml(inhalt) };
  }

  /**
   * The invoice to its member — the invoice row's button and the summary's batch both send through
   * here — recorded as mailed (`email_versendet_am`, set once by the guarded claim), so the batch
   * does not mail it a second time. Staff may send it again by hand: the first time stays recorded.
   * A mail that could not be sent gives back the claim made here (the batch gives back its own).
   */
  async email(id: number): Promise<{ message: string }> {
    const rechnung = await this.laden(id);
    const an = rechnung.email;
    if (!an) {
      throw DomainError.conflict(
        'KEINE_EMAIL',
        'Das Mitglied der Rechnung hat keine primäre Email-Adresse; die Rechnung wurde nicht versendet.',
      );
    }
    const pdf = await this.original(rechnung);
    const art = rechnung.storno_parent_id != null ? 'Stornorechnung' : 'Rechnung';
    const beansprucht = await this.speicher.transaktion((tx) =>
      tx.rechnungEmailBeanspruchen(id, this.uhr.jetzt()),
    );
    try {
      await this.mailer.send({
        to: an,
        subject: `Ihre ${art} ${rechnung.rechnungs_nr}`,
        text: `Sehr geehrte Damen und Herren,\n\nanbei erhalten Sie unsere ${art} ${rechnung.rechnungs_nr} als PDF.\n\nMit freundlichen Grüßen`,
        attachments: [
          { filename: dateiname(rechnung), content: Buffer.from(pdf), contentType: 'application/pdf' },
        ],
      });
    } catch (error) {
      if (beansprucht) await this.speicher.transaktion((tx) => tx.rechnungEmailFreigeben(id));
      if (!(error instanceof MailDeliveryError)) throw error;
      throw DomainError.conflict('EMAIL_FEHLER', `Die Email konnte nicht versendet werden: ${error.message}`);
    }
    return { message: EMAIL_VERSENDET };
  }

  /**
   * Renders and stores the originals of freshly issued invoices, reporting progress: long work of
   * the run that issued them. An invoice that cannot be rendered stays issued without original (it
   * gets one on its first download); answers German notes on those.
   */
  async archivieren(ids: readonly number[], melde: Melder = ohneFortschritt): Promise<string[]> {
    const fehler: string[] = [];
    for (const [i, id] of ids.entries()) {
      const rechnung = await this.laden(id);
      if (rechnung.original_sha256 == null) {
        try {
          await this.archiviere(rechnung);
        } catch (error) {
          if (!(error instanceof DomainError)) throw error;
          fehler.push(
            `Das PDF der Rechnung ${rechnung.rechnungs_nr} wurde nicht archiviert: ${error.message}`,
          );
        }
      }
      await melde(i + 1, ids.length, 'Rechnungs-PDFs werden archiviert');
    }
    return fehler;
  }

  /** The stored bytes, checked against the recorded hash. */
  private async original(rechnung: Rechnung): Promise<Uint8Array> {
    if (rechnung.original_sha256 == null) return this.archiviere(rechnung);
    // Both are recorded together (originalSetzen): a hash without file name is a missing file.
    const pdf = rechnung.original_datei == null ? null : await this.archiv.lesen(rechnung.original_datei);
    if (pdf && sha256(pdf) === rechnung.original_sha256) return pdf;
    const befund = pdf ? `Prüfsumme ${sha256(pdf)} statt ${rechnung.original_sha256}` : 'Datei fehlt';
    this.logger.error(
      `Original der Rechnung ${rechnung.id} (${rechnung.rechnungs_nr}, ${rechnung.original_datei}) unbrauchbar: ${befund}`,
    );
    throw DomainError.conflict(
      'ORIGINAL_VERAENDERT',
      pdf
        ? `Das archivierte Original der Rechnung ${rechnung.rechnungs_nr} wurde nach der Ausstellung verändert (die Prüfsumme stimmt nicht); es wird nicht ausgegeben. Bitte wenden Sie sich an die Administration.`
        : `Das archivierte Original der Rechnung ${rechnung.rechnungs_nr} fehlt im Archiv; es wird nicht neu erzeugt. Bitte wenden Sie sich an die Administration.`,
    );
  }

  /** Renders the original, stores it and records it on the invoice (audited); a concurrent first archiving wins. */
  private async archiviere(rechnung: Rechnung): Promise<Uint8Array> {
    const pdf = await this.erzeuge(rechnung);
    const hash = sha256(pdf);
    const datei = await this.archiv.ablegen(hash, pdf);
    const gesetzt = await this.speicher.transaktion(async (tx) => {
      if (!(await tx.originalSetzen(rechnung.id, datei, hash))) return false;
      await tx.protokolliere({
        actor: null,
        resource: 'rw-rechnung',
        recordId: rechnung.id,
        action: 'archive',
        changes: {
          original_datei: { before: null, after: datei },
          original_sha256: { before: null, after: hash },
        },
      });
      return true;
    });
    return gesetzt ? pdf : this.original(await this.laden(rechnung.id));
  }

  private async erzeuge(rechnung: Rechnung): Promise<Uint8Array> {
    const vorlage =
      rechnung.rw_vorlage_id == null ? null : await this.speicher.lesen().vorlage(rechnung.rw_vorlage_id);
    const template = await this.vorlagen.load(vorlagendatei(vorlage, rechnung.storno_parent_id != null));
    const verband = await this.verband.aktuell();
    const gespeichert = rechnung as GespeicherteRechnung;
    const pdf = await this.pdf.render(template, {
      ...rechnungsdokument(gespeichert, verband),
      texte: { einleitung: text(vorlage?.einleitung), schluss: text(vorlage?.schluss) },
    });
    if (!alsERechnungAusgestellt(gespeichert)) return pdf;
    return this.eRechnungen.einbetten(pdf, eRechnung(gespeichert, verband));
  }
}

/** Which file renders an invoice or storno of the template (none: the shipped default). */
function vorlagendatei(vorlage: Rechnungsvorlage | null, storno: boolean) {
  const feld = storno && vorlage?.storno_datei ? 'storno_datei' : 'datei';
  return {
    area: 'rw-vorlage',
    file: vorlage?.[feld] || STANDARD_RECHNUNGSVORLAGE,
    title: vorlage?.titel ?? 'Rechnung',
    field: fieldLabel('rw-vorlage', feld) ?? feld,
  };
}

const dateiname = (rechnung: Rechnung) => `${rechnung.rechnungs_nr.replace(/[/\\:*?"<>|]+/g, '-')}.pdf`;
