import {
  CanActivate,
  Controller,
  Delete,
  ExecutionContext,
  Get,
  HttpCode,
  Injectable,
  Param,
  Post,
  Put,
  Query,
  Res,
  UploadedFile,
  UseGuards,
  UseInterceptors,
} from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { FileAreas } from './file-areas';
import { parseFilePath } from './file-path';
import { downloadResponse } from './file-response';
import { FileStorage } from './file-storage';
import { fileTooLarge, requireUpload, SingleFileUpload, UploadedBuffer } from './single-file-upload';

const Upload = SingleFileUpload({ maxBytes: 'configured', tooLarge: fileTooLarge });

/**
 * Checks the area and the path before a multipart body is read (guards run before interceptors),
 * so that a refused target costs no upload and stores nothing.
 */
@Injectable()
export class FileTargetGuard implements CanActivate {
  constructor(private readonly areas: FileAreas) {}

  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<Request>();
    this.areas.of(req.params.resource as string);
    if ('path' in req.params) parseFilePath(req.params.path);
    parseFilePath(req.query.dir, { allowEmpty: true });
    return true;
  }
}

function flag(value: unknown): boolean {
  return value === 'true' || value === '1';
}

/**
 * The file areas of resources registered with `files: true` (templates, certificates, newsletter
 * templates). Imported before ResourceHttpModule so that these routes win over `:resource/:id`.
 * A `data` part of an upload is accepted and ignored here: the generic area stores only the file.
 */
@Controller('node/api')
@UseGuards(FileTargetGuard)
export class FilesController {
  constructor(
    private readonly areas: FileAreas,
    private readonly storage: FileStorage,
  ) {}

  /** One directory (query `dir`, the root by default), or with `recursive=true` all files below it. */
  @ApiOperation({ summary: 'Dateien eines Ordners auflisten' })
  @Get(':resource/files')
  list(
    @Param('resource') resource: string,
    @Query('dir') dir: unknown,
    @Query('recursive') recursive: unknown,
  ) {
    return this.storage.list(this.areas.of(resource), parseFilePath(dir, { allowEmpty: true }), {
      recursive: flag(recursive),
    });
  }

  @ApiOperation({ summary: 'Datei herunterladen' })
  @Get(':resource/files/download/*path')
  async download(
    @Param('resource') resource: string,
    @Param('path') path: unknown,
    @Res({ passthrough: true }) res: Response,
  ) {
    return downloadResponse(res, await this.storage.read(this.areas.of(resource), parseFilePath(path)));
  }

  /** An upload without a path in the URL is stored under its own file name (in `dir`, if given). */
  @ApiOperation({ summary: 'Datei hochladen' })
  @Post(':resource/files')
  @UseInterceptors(Upload)
  uploadByName(
    @Param('resource') resource: string,
    @Query('dir') dir: unknown,
    @UploadedFile() file: UploadedBuffer | undefined,
  ) {
    const upload = requireUpload(file);
    const folder = parseFilePath(dir, { allowEmpty: true });
    const path = parseFilePath(folder ? [...folder.split('/'), upload.originalname] : [upload.originalname]);
    return this.storage.write(this.areas.of(resource), path, upload.buffer);
  }

  /** Creates a file; an existing one is a 409 'Datei existiert bereits' (PUT replaces it). */
  @ApiOperation({ summary: 'Datei unter diesem Pfad anlegen' })
  @Post(':resource/files/*path')
  @UseInterceptors(Upload)
  create(
    @Param('resource') resource: string,
    @Param('path') path: unknown,
    @UploadedFile() file: UploadedBuffer | undefined,
  ) {
    return this.storage.write(this.areas.of(resource), parseFilePath(path), requireUpload(file).buffer);
  }

  @ApiOperation({ summary: 'Datei ersetzen' })
  @Put(':resource/files/*path')
  @UseInterceptors(Upload)
  replace(
    @Param('resource') resource: string,
    @Param('path') path: unknown,
    @UploadedFile() file: UploadedBuffer | undefined,
  ) {
    return this.storage.write(this.areas.of(resource), parseFilePath(path), requireUpload(file).buffer, {
      overwrite: true,
    });
  }

  @ApiOperation({ summary: 'Datei löschen' })
  @Delete(':resource/files/*path')
  @HttpCode(200)
  async remove(@Param('resource') resource: string, @Param('path') path: unknown) {
    await this.storage.delete(this.areas.of(resource), parseFilePath(path));
    return { deleted: 1 };
  }
}
