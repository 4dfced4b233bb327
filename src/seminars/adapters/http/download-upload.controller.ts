import {
  Controller,
  Delete,
  HttpCode,
  Logger,
  Param,
  Post,
  Req,
  UploadedFile,
  UseInterceptors,
} from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { Request } from 'express';
import { randomBytes } from 'node:crypto';
import { DataSource, In } from 'typeorm';
import { downloadBezug } from '../../../../common/download';
import { enumLabel, labelFor } from '../../../../common/vocabulary';
import { currentUser } from '../../../platform/auth/current-user';
import { ID_LISTE, idListe, ZodBody } from '../../../platform/http/zod-body';
import { DOWNLOAD_AREA } from '../../../platform/files/file-areas';
import { FileStorage } from '../../../platform/files/file-storage';
import {
  fileTooLarge,
  SingleFileUpload,
  type UploadedBuffer,
} from '../../../platform/files/single-file-upload';
import { parseId } from '../../../platform/resources/resource.controller';
import { ResourceReader } from '../../../platform/resources/resource-reader';
import { ResourceRegistry } from '../../../platform/resources/resource-registry';
import { ResourceWriter } from '../../../platform/resources/resource-writer';
import { DomainError } from '../../../shared/domain-error';
import { downloadBezugPruefen, downloadExtension, downloadFileName } from '../../domain/download';
import { Download } from '../persistence/download.entity';
import { DOWNLOAD_DATEN, DownloadDatenKoerper } from './seminars.schemas';

const Upload = SingleFileUpload({ maxBytes: 'configured', tooLarge: fileTooLarge });

const KEINE_DATEI = 'Bitte wählen Sie eine Datei aus.';

/**
 * The download records' own verbs (issue 8). `POST /node/api/download/upload` creates a record and
 * its file in one step: relation, record and category are checked before anything is stored, the
 * record goes through the generic writer (German field errors), and a refused record removes its
 * stored file again, so nothing is left half-written. Deletes (registered before the generic ones,
 * so they win) also remove the records' files.
 */
@Controller('node/api/download')
export class DownloadUploadController {
  private readonly logger = new Logger('Downloads');

  constructor(
    private readonly storage: FileStorage,
    private readonly registry: ResourceRegistry,
    private readonly reader: ResourceReader,
    private readonly writer: ResourceWriter,
    private readonly dataSource: DataSource,
  ) {}

  @ApiOperation({ summary: 'Download mit Datei hochladen' })
  @Post('upload')
  @UseInterceptors(Upload)
  async upload(
    @UploadedFile() file: UploadedBuffer | undefined,
    @ZodBody(DownloadDatenKoerper, DOWNLOAD_DATEN) felder: Record<string, unknown>,
    @Req() req: Request,
  ) {
    if (!file) throw DomainError.invalid('UPLOAD_MISSING', KEINE_DATEI, { file: KEINE_DATEI });
    await this.pruefeBezug(felder);
    const ext = downloadExtension(file.originalname);
    const fileName = downloadFileName(randomBytes(16).toString('hex'), ext);
    await this.storage.write(DOWNLOAD_AREA, fileName, file.buffer);
    try {
      return await this.writer.create(
        this.registry.get('download'),
        {
          ...felder,
          real_name: (typeof felder.real_name === 'string' && felder.real_name.trim()) || file.originalname,
        },
        currentUser(req),
        { file_name: fileName, size: file.size, ext: ext || null },
      );
    } catch (error) {
      await this.storage.delete(DOWNLOAD_AREA, fileName).catch(() => undefined);
      throw error;
    }
  }

  @ApiOperation({ summary: 'Download mit Datei löschen' })
  @Delete(':id')
  @HttpCode(200)
  async remove(@Param('id') id: string, @Req() req: Request) {
    await this.loeschen([parseId(id)], req);
    return { deleted: 1 };
  }

  /** Several records at once, as the generic `DELETE /node/api/{resource}` takes them. */
  @ApiOperation({ summary: 'Mehrere Downloads mit Dateien löschen' })
  @Delete()
  @HttpCode(200)
  async removeMany(@ZodBody(idListe, ID_LISTE) ids: number[], @Req() req: Request) {
    await this.loeschen(ids, req);
    return { deleted: ids.length };
  }

  /** The domain rule plus what it cannot see: the record the download belongs to must exist. */
  private async pruefeBezug(felder: Record<string, unknown>): Promise<void> {
    const { errors, relationId } = downloadBezugPruefen(felder);
    const bezug = downloadBezug(felder.relation);
    if (bezug && relationId !== null && !(await this.exists(bezug.resource, relationId))) {
      const was = enumLabel('download', 'relation', felder.relation as string);
      errors.relation_id = `verweist auf keinen vorhandenen Eintrag (${was} ${relationId})`;
    }
    if (Object.keys(errors).length > 0)
      throw DomainError.fields(errors, (field) => labelFor('download', field));
  }

  private async exists(resource: string, id: number): Promise<boolean> {
    try {
      await this.reader.get(this.registry.get(resource), id, { attributes: ['id'] });
      return true;
    } catch (error) {
      if (error instanceof DomainError && error.kind === 'not_found') return false;
      throw error;
    }
  }

  /** Deletes the records (the generic writer: rules, one transaction), then their files (`file_name` is unique). */
  private async loeschen(ids: number[], req: Request): Promise<void> {
    const records = await this.dataSource
      .getRepository(Download)
      .find({ where: { id: In(ids) }, select: { id: true, file_name: true } });
    await this.writer.delete(this.registry.get('download'), ids, currentUser(req));
    for (const { file_name } of records) {
      // The records are gone: a file that cannot be removed is an orphan to log, not a failed delete.
      await this.storage.delete(DOWNLOAD_AREA, file_name).catch((error: unknown) => {
        if (error instanceof DomainError && error.kind === 'not_found') return;
        this.logger.warn(`Datei ${file_name} des gelöschten Downloads nicht entfernt: ${String(error)}`);
      });
    }
  }
}
