import { Controller, Delete, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { z } from 'zod';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { currentUser } from '../../../platform/auth/current-user';
import { ZodBody } from '../../../platform/http/zod-body';
import { attachmentHeader } from '../../../platform/files/file-response';
import { antwort, LangeArbeit, wartezeit } from '../../../platform/queue/http/lange-arbeit';
import { parseId } from '../../../platform/resources/resource.controller';
import { DomainError } from '../../../shared/domain-error';
import { SeminarDokumente, type Dokument, type EinladungsAuftrag } from '../../application/seminar-dokumente';
import { Teilnehmer, type TeilnahmeAenderung } from '../../application/teilnehmer';
import { SeminarDokumentAuftraege } from '../jobs/seminar-dokumente.jobs';
import {
  BESCHEINIGUNGEN,
  BescheinigungenKoerper,
  EINLADUNG,
  EinladungKoerper,
  NichtTeilnahmeKoerper,
  TEILNAHME,
  TeilnahmeKoerper,
} from './seminars.schemas';

const pdfAntwort = (res: Response, { name, pdf }: Dokument) => {
  res.type('application/pdf');
  res.setHeader('Content-Disposition', attachmentHeader(name));
  res.send(Buffer.from(pdf));
};

/**
 * A PDF of many documents as a plain download: rendered into a temporary file first, so a template
 * error is a 409 and no half-written PDF reaches anyone; memory stays flat however many there are.
 */
async function sammelPdfAntwort(res: Response, schreiben: (out: Writable) => Promise<{ name: string }>) {
  const dir = await mkdtemp(join(tmpdir(), 'sammel-pdf-'));
  const datei = join(dir, 'alle.pdf');
  try {
    const out = createWriteStream(datei);
    let ergebnis: { name: string };
    try {
      ergebnis = await schreiben(out);
    } finally {
      out.end();
      await finished(out);
    }
    res.type('application/pdf');
    res.setHeader('Content-Disposition', attachmentHeader(ergebnis.name));
    const lesen = createReadStream(datei);
    lesen.pipe(res);
    await finished(lesen);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A required id from the query or body, with a German 400 naming the parameter. */
function idAus(wert: unknown, name: string): number {
  if (wert === undefined || wert === null || wert === '')
    throw DomainError.invalid('PARAMETER_FEHLT', `Der Parameter „${name}“ fehlt.`);
  return parseId(String(wert));
}

/** Participant lists, participation and the seminars' documents (spec 001 §7, spec 002 §7, issue 11). */
@Controller('node')
export class SeminarDokumenteController {
  constructor(
    private readonly teilnehmer: Teilnehmer,
    private readonly dokumente: SeminarDokumente,
    private readonly auftraege: SeminarDokumentAuftraege,
  ) {}

  /** The participant list of the seminar, or with `event_id` of one event (rows say `is_in`). */
  @ApiOperation({ summary: 'Teilnehmerliste des Seminars oder eines Termins' })
  @Get('veranstaltung/:id/teilnehmerListe')
  async teilnehmerListe(@Param('id') id: string, @Query('event_id') eventId?: string) {
    const { liste } = await this.teilnehmer.liste(
      parseId(id),
      eventId === undefined || eventId === '' ? undefined : parseId(eventId),
    );
    return liste;
  }

  @ApiOperation({ summary: 'Nicht-Teilnahme an Terminen eintragen' })
  @Post('api/veranstaltung-nicht-teilnahme')
  @HttpCode(201)
  nichtTeilgenommen(
    @ZodBody(NichtTeilnahmeKoerper, TEILNAHME) aenderung: TeilnahmeAenderung,
    @Req() req: Request,
  ) {
    return this.teilnehmer.nichtTeilgenommen(aenderung, currentUser(req));
  }

  /** With {benutzer_id, veranstaltung_id, event_ids} or with {ids} (spec 002 §7). */
  @ApiOperation({ summary: 'Nicht-Teilnahme an Terminen aufheben' })
  @Delete('api/veranstaltung-nicht-teilnahme')
  teilgenommen(
    @ZodBody(TeilnahmeKoerper, TEILNAHME) auswahl: z.output<typeof TeilnahmeKoerper>,
    @Req() req: Request,
  ) {
    return this.teilnehmer.teilgenommen(auswahl, currentUser(req));
  }

  @ApiOperation({ summary: 'Bescheinigung eines Teilnehmers als PDF' })
  @Get('api/bescheinigung/seminar_teilnehmer')
  async bescheinigung(@Query() query: Record<string, unknown>, @Res() res: Response) {
    pdfAntwort(
      res,
      await this.dokumente.bescheinigung(
        idAus(query.veranstaltung_id, 'veranstaltung_id'),
        idAus(query.benutzer_id, 'benutzer_id'),
      ),
    );
  }

  /** All certificates of a seminar as one PDF, as a plain link (the screen starts the job below). */
  @ApiOperation({ summary: 'Alle Bescheinigungen eines Seminars als ein PDF' })
  @Get('api/bescheinigung/seminar')
  async bescheinigungen(@Query('veranstaltung_id') veranstaltungId: string, @Res() res: Response) {
    const id = idAus(veranstaltungId, 'veranstaltung_id');
    await sammelPdfAntwort(res, (out) => this.dokumente.bescheinigungen(id, out));
  }

  /**
   * {veranstaltung_id}: all certificates of a seminar as long work → {name, seiten, auftrag} once
   * the PDF is written (quick, or polled after a 202); the file comes from
   * GET /node/api/auftraege/{name}/{id}/datei.
   */
  @ApiOperation({ summary: 'Alle Bescheinigungen eines Seminars als PDF erstellen (Hintergrundauftrag)' })
  @LangeArbeit()
  @Post('api/bescheinigung/seminar')
  @HttpCode(200)
  async bescheinigungenErstellen(
    @ZodBody(BescheinigungenKoerper, BESCHEINIGUNGEN)
    { veranstaltung_id: id }: z.output<typeof BescheinigungenKoerper>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    return antwort(res, await this.auftraege.bescheinigungen(id, wartezeit(req)));
  }

  @ApiOperation({ summary: 'Einladung aus einer Vorlage als PDF' })
  @Post('api/pdf-vorlage/render')
  @HttpCode(200)
  async einladung(@ZodBody(EinladungKoerper, EINLADUNG) auftrag: EinladungsAuftrag, @Res() res: Response) {
    pdfAntwort(res, await this.dokumente.einladung(auftrag));
  }

  @ApiOperation({ summary: 'PDF-Vorlage mit Beispieldaten als PDF' })
  @Get('api/pdf-vorlage/:id/render')
  async vorlage(@Param('id') id: string, @Res() res: Response) {
    pdfAntwort(res, await this.dokumente.vorlage(parseId(id)));
  }

  @ApiOperation({ summary: 'Serienbrief des Seminars als PDF' })
  @Get('api/veranstaltung/:id/serienbrief-pdf')
  async serienbrief(@Param('id') id: string, @Res() res: Response) {
    const veranstaltungId = parseId(id);
    await sammelPdfAntwort(res, (out) => this.dokumente.serienbrief(veranstaltungId, out));
  }

  /** The Serienbrief as long work, answered like the certificates' job above. */
  @ApiOperation({ summary: 'Serienbrief des Seminars als PDF erstellen (Hintergrundauftrag)' })
  @LangeArbeit()
  @Post('api/veranstaltung/:id/serienbrief-pdf')
  @HttpCode(200)
  async serienbriefErstellen(
    @Param('id') id: string,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    return antwort(res, await this.auftraege.serienbrief(parseId(id), wartezeit(req)));
  }

  @ApiOperation({ summary: 'Teilnehmerübersicht des Seminars als PDF' })
  @Get('api/veranstaltung/:id/teilnehmeruebersicht-pdf')
  async teilnehmeruebersicht(@Param('id') id: string, @Res() res: Response) {
    pdfAntwort(res, await this.dokumente.teilnehmeruebersicht(parseId(id)));
  }
}
