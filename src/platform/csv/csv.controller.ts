import {
  Body,
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
import { DomainError } from '../../shared/domain-error';
import { attachmentHeader } from '../files/file-response';
import { MB, requireUpload, SingleFileUpload, UploadedBuffer } from '../files/single-file-upload';
import { csvFileName, parseCsv, stringifyCsv } from './csv-format';

export const MAX_CSV_BYTES = 10 * MB;

/** DESIGN.md §3: CSV import (the group comparison wizard, DATEV and other imports) and export. */
@Controller('node/csv')
export class CsvController {
  /** Multipart `file` → the rows as a JSON array of objects keyed by the header line. */
  @ApiOperation({ summary: 'CSV-Datei in Zeilen umwandeln' })
  @Post('parse')
  @HttpCode(200)
  @UseInterceptors(
    SingleFileUpload({
      maxBytes: MAX_CSV_BYTES,
      tooLarge: () => DomainError.invalid('CSV_TOO_LARGE', 'Die CSV-Datei ist zu groß (höchstens 10 MB).'),
    }),
  )
  parse(@UploadedFile() file: UploadedBuffer | undefined) {
    return parseCsv(requireUpload(file, 'CSV-Datei').buffer);
  }

  /** A JSON array of rows keyed by column title → a CSV file for German Excel; query `filename` names it. */
  @ApiOperation({ summary: 'Zeilen als CSV-Datei für Excel' })
  @Post('stringify')
  @HttpCode(200)
  stringify(
    @Body() rows: unknown,
    @Query('filename') filename: unknown,
    @Res({ passthrough: true }) res: Response,
  ) {
    const csv = stringifyCsv(rows);
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', attachmentHeader(csvFileName(filename)));
    return new StreamableFile(csv, { length: csv.length });
  }
}
