import {
  Controller,
  HttpCode,
  Post,
  Query,
  Res,
  StreamableFile,
  UploadedFile,
  UseInterceptors,
} from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { Response } from 'express';
import { z } from 'zod';
import { attachmentHeader } from '../files/file-response';
import { requireUpload, UploadedBuffer } from '../files/single-file-upload';
import { ZodBody } from '../http/zod-body';
import { schreibeJsonListe } from '../queue/json-stueckweise';
import { csvFileName, parseCsv, stringifyCsv } from './csv-format';
import { CsvUpload } from './csv-upload';

/** The rows to write: objects keyed by column title. */
const Zeilen = z.array(z.record(z.string(), z.unknown()));

/** DESIGN.md §3: CSV import (the group comparison wizard, DATEV and other imports) and export. */
@Controller('node/csv')
export class CsvController {
  /**
   * Multipart `file` → the rows as a JSON array of objects keyed by the header line. Parsed and
   * answered in pieces, so that a file of 10 MB does not stall other requests (issue 26); the
   * imports of the screens read their files in jobs instead.
   */
  @ApiOperation({ summary: 'CSV-Datei in Zeilen umwandeln' })
  @Post('parse')
  @UseInterceptors(CsvUpload)
  async parse(@UploadedFile() file: UploadedBuffer | undefined, @Res() res: Response): Promise<void> {
    const rows = await parseCsv(requireUpload(file, 'CSV-Datei').buffer);
    res.status(200).type('application/json');
    await schreibeJsonListe(res, rows);
    res.end();
  }

  /** A JSON array of rows keyed by column title → a CSV file for German Excel; query `filename` names it. */
  @ApiOperation({ summary: 'Zeilen als CSV-Datei für Excel' })
  @Post('stringify')
  @HttpCode(200)
  stringify(
    @ZodBody(Zeilen, { ganzes: 'Zeilen' }) rows: z.output<typeof Zeilen>,
    @Query('filename') filename: unknown,
    @Res({ passthrough: true }) res: Response,
  ) {
    const csv = stringifyCsv(rows);
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', attachmentHeader(csvFileName(filename)));
    return new StreamableFile(csv, { length: csv.length });
  }
}
