/**
 * The invoice PDF (`GET /node/api/rw-rechnung/{id}/render`) through the PDF port: the template is
 * the issuing invoice template's `datei` (a storno's `storno_datei`, else its `datei`) from the
 * rw-vorlage file area, else the shipped default `templates/pdf/rechnung.hbs`. And the invoice
 * sent to the member's primary e-mail with that PDF attached (`POST …/{id}/rechnungEmail`).
 */
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { fieldLabel } from '../../../common/vocabulary';
import { Mailer, MailDeliveryError } from '../../platform/mail/mailer';
import { PdfRenderer } from '../../platform/pdf/pdf-renderer';
import { TemplateFiles } from '../../platform/pdf/template-files';
import { DomainError } from '../../shared/domain-error';
import { RwRechnung } from '../adapters/persistence/rw-rechnung.entity';
import { RwVorlage } from '../adapters/persistence/rw-vorlage.entity';
import { rechnungsdokument, type GespeicherteRechnung } from '../domain/rechnungsdokument';

export const STANDARD_RECHNUNGSVORLAGE = 'rechnung.hbs';

/** The client's success message (spec 002 §8). */
export const EMAIL_VERSENDET = 'Email erfolgreich versendet';

export interface Rechnungsdatei {
  name: string;
  pdf: Uint8Array;
}

@Injectable()
export class RechnungsDokument {
  constructor(
    private readonly dataSource: DataSource,
    private readonly vorlagen: TemplateFiles,
    private readonly pdf: PdfRenderer,
    private readonly mailer: Mailer,
  ) {}

  private async laden(id: number): Promise<RwRechnung> {
    const rechnung = await this.dataSource
      .getRepository(RwRechnung)
      .findOne({ where: { id }, relations: { Benutzer: { Primaeremail: true } } });
    if (!rechnung) throw DomainError.notFound('NOT_FOUND', `Rechnung ${id} wurde nicht gefunden.`);
    return rechnung;
  }

  async render(id: number): Promise<Rechnungsdatei> {
    return this.renderVon(await this.laden(id));
  }

  async email(id: number): Promise<{ message: string }> {
    const rechnung = await this.laden(id);
    const an = rechnung.Benutzer?.Primaeremail?.email;
    if (!an) {
      throw DomainError.conflict(
        'KEINE_EMAIL',
        'Das Mitglied der Rechnung hat keine primäre Email-Adresse; die Rechnung wurde nicht versendet.',
      );
    }
    const { name, pdf } = await this.renderVon(rechnung);
    const art = rechnung.storno_parent_id != null ? 'Stornorechnung' : 'Rechnung';
    try {
      await this.mailer.send({
        to: an,
        subject: `Ihre ${art} ${rechnung.rechnungs_nr}`,
        text: `Sehr geehrte Damen und Herren,\n\nanbei erhalten Sie unsere ${art} ${rechnung.rechnungs_nr} als PDF.\n\nMit freundlichen Grüßen`,
        attachments: [{ filename: name, content: Buffer.from(pdf), contentType: 'application/pdf' }],
      });
    } catch (error) {
      if (!(error instanceof MailDeliveryError)) throw error;
      throw DomainError.conflict('EMAIL_FEHLER', `Die Email konnte nicht versendet werden: ${error.message}`);
    }
    return { message: EMAIL_VERSENDET };
  }

  private async renderVon(rechnung: RwRechnung): Promise<Rechnungsdatei> {
    const vorlageId = Number(rechnung.data?.rw_vorlage_id);
    const vorlage = Number.isSafeInteger(vorlageId)
      ? await this.dataSource.getRepository(RwVorlage).findOne({ where: { id: vorlageId } })
      : null;
    const storno = rechnung.storno_parent_id != null;
    const feld = storno && vorlage?.storno_datei ? 'storno_datei' : 'datei';
    const template = await this.vorlagen.load({
      area: 'rw-vorlage',
      file: vorlage?.[feld] || STANDARD_RECHNUNGSVORLAGE,
      title: vorlage?.titel ?? 'Rechnung',
      field: fieldLabel('rw-vorlage', feld) ?? feld,
    });
    const pdf = await this.pdf.render(template, rechnungsdokument(rechnung as GespeicherteRechnung));
    return { name: `${rechnung.rechnungs_nr.replace(/[/\\:*?"<>|]+/g, '-')}.pdf`, pdf };
  }
}
