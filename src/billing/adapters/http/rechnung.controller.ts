import { Controller, Delete, Get, HttpCode, Logger, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { currentUser } from '../../../platform/auth/current-user';
import { ZodBody } from '../../../platform/http/zod-body';
import { attachmentHeader } from '../../../platform/files/file-response';
import { antwort, LangeArbeit, wartezeit } from '../../../platform/queue/http/lange-arbeit';
import { parseId } from '../../../platform/resources/resource.controller';
import { mergePdfFiles } from '../../../platform/pdf/pdf-merge';
import { ZipSchreiber } from '../../../platform/files/zip-schreiber';
import { RechnungsDokument, type Rechnungsdatei } from '../../application/rechnungs-dokument';
import { RechnungsSammlung } from '../../application/rechnungs-sammlung';
import { Rechnungslauf } from '../../application/rechnungslauf';
import { AbrechnungsAuftraege, akteur } from '../jobs/abrechnung.jobs';
import { KATEGORIE, LaufKoerper } from './billing.schemas';

/** The invoices' verbs (spec 002 §7). */
@Controller('node/api/rw-rechnung')
export class RechnungController {
  constructor(
    private readonly lauf: Rechnungslauf,
    private readonly dokument: RechnungsDokument,
    private readonly auftraege: AbrechnungsAuftraege,
    private readonly sammlung: RechnungsSammlung,
  ) {}

  private readonly logger = new Logger(RechnungController.name);

  /** What `multiple` would download with the same query: count, numbers, file name (or its refusal). */
  @ApiOperation({ summary: 'Vorschau des Sammel-Downloads: Anzahl und Nummern der ausgewählten Rechnungen' })
  @Get('simulateRenderMultiple')
  simulateRenderMultiple(@Query() query: Record<string, unknown>) {
    return this.sammlung.vorschau(query);
  }

  /**
   * A plain GET link: the selected invoices as a ZIP of their PDFs or as one PDF, streamed one
   * invoice at a time, so memory stays flat however many there are. The first invoice is rendered
   * before anything is sent, so a refusal is still a German error answer; a failure later on can
   * only cut the download short (and is logged).
   */
  @ApiOperation({ summary: 'Ausgewählte Rechnungen als ZIP-Archiv oder als ein PDF' })
  @Get('multiple')
  async multiple(@Query() query: Record<string, unknown>, @Res() res: Response) {
    const auswahl = await this.sammlung.auswahl(query);
    const dokumente = this.sammlung.dokumente(auswahl);
    const erstes = await dokumente.next();
    async function* alle(): AsyncGenerator<Rechnungsdatei> {
      if (!erstes.done) yield erstes.value;
      yield* dokumente;
    }
    res.type(auswahl.art === 'zip' ? 'application/zip' : 'application/pdf');
    res.setHeader('Content-Disposition', attachmentHeader(auswahl.name));
    try {
      if (auswahl.art === 'zip') {
        const zip = new ZipSchreiber(res);
        for await (const { name, pdf } of alle()) await zip.datei(name, pdf);
        await zip.schliessen();
      } else {
        await mergePdfFiles(
          (async function* () {
            for await (const { pdf } of alle()) yield pdf;
          })(),
          res,
        );
      }
      res.end();
    } catch (error) {
      this.logger.error(`Sammel-Download abgebrochen: ${(error as Error).message}`);
      res.destroy(error as Error);
    }
  }

  /**
   * The invoice run of one category object: `{category, category_id, only_verified?}` →
   * `{all, created, storno}`, or 202 with the job while a long run goes on.
   */
  @ApiOperation({
    summary: 'Abrechnungslauf: Rechnungen und Storno-Rechnungen aus den offenen Vorgängen erstellen',
  })
  @LangeArbeit()
  @Post()
  @HttpCode(200)
  async rechnungslauf(
    @ZodBody(LaufKoerper, KATEGORIE) body: LaufKoerper,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const anfrage = this.lauf.anfrage(body);
    const actor = akteur(currentUser(req));
    return antwort(res, await this.auftraege.rechnungslauf.starte({ anfrage, actor }, wartezeit(req)));
  }

  /** A plain GET link (DESIGN.md §3): the invoice PDF. */
  @ApiOperation({ summary: 'Rechnung als PDF' })
  @Get(':id/render')
  async render(@Param('id') id: string, @Res() res: Response) {
    const { name, pdf } = await this.dokument.render(parseId(id));
    res.type('application/pdf');
    res.setHeader('Content-Disposition', attachmentHeader(name));
    res.send(Buffer.from(pdf));
  }

  /** A plain GET link (issue 29): the invoice's CII XML (EN 16931) for XRechnung recipients. */
  @ApiOperation({ summary: 'Rechnung als XRechnung (CII-XML nach EN 16931, mit Leitweg-ID)' })
  @Get(':id/xrechnung')
  async xrechnung(@Param('id') id: string, @Res() res: Response) {
    const { name, xml } = await this.dokument.xrechnung(parseId(id));
    res.type('application/xml');
    res.setHeader('Content-Disposition', attachmentHeader(name));
    res.send(xml);
  }

  @ApiOperation({ summary: 'Rechnung mit PDF per Email an das Mitglied senden' })
  @Post(':id/rechnungEmail')
  @HttpCode(200)
  email(@Param('id') id: string) {
    return this.dokument.email(parseId(id));
  }

  /** Cancels the invoice (storno invoice, transactions cancelled); `copy=true` re-opens copies. */
  @ApiOperation({ summary: 'Rechnung stornieren und ihre Vorgänge für eine Korrektur neu öffnen' })
  @Delete(':id/modifyAll')
  @HttpCode(200)
  modifyAll(@Param('id') id: string, @Query('copy') copy: unknown, @Req() req: Request) {
    return this.lauf.storniereRechnung(parseId(id), copy === 'true', currentUser(req));
  }
}
