/**
 * Reads a multipart upload (DESIGN.md §3: a `file` part, optionally a `data` JSON part) into memory
 * with a size limit, and answers multer's English errors with German ones.
 */
import {
  CallHandler,
  ExecutionContext,
  HttpException,
  HttpStatus,
  Injectable,
  mixin,
  NestInterceptor,
  PayloadTooLargeException,
  Type,
} from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { FileInterceptor } from '@nestjs/platform-express';
import type { Observable } from 'rxjs';
import type { AppConfig } from '../../config/env';
import { DomainError } from '../../shared/domain-error';

/** What the route handler gets through `@UploadedFile()`. */
export interface UploadedBuffer {
  /** The file name the browser sent (UTF-8). */
  originalname: string;
  mimetype: string;
  size: number;
  buffer: Buffer;
}

export const UPLOAD_FIELD = 'file';

export interface UploadLimits {
  /** A fixed limit, or the configured one for uploads of files (UPLOAD_MAX_MB). */
  maxBytes: number | 'configured';
  /** The error for a file over the limit. */
  tooLarge: (maxBytes: number) => Error;
}

export const MB = 1024 * 1024;

/** The 413 for a file over the configured limit of file uploads. */
export const fileTooLarge = (maxBytes: number) =>
  new PayloadTooLargeException(`Die Datei ist zu groß (höchstens ${maxBytes / MB} MB).`);

function multerCode(error: unknown): string | undefined {
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
  return typeof cause?.code === 'string' ? cause.code : undefined;
}

function translate(error: unknown, limits: UploadLimits, maxBytes: number): unknown {
  if (!(error instanceof HttpException)) return error;
  const code = multerCode(error);
  if (error instanceof PayloadTooLargeException || code === 'LIMIT_FILE_SIZE')
    return limits.tooLarge(maxBytes);
  if (code === 'LIMIT_UNEXPECTED_FILE' || code === 'LIMIT_FILE_COUNT') {
    return DomainError.invalid(
      'UPLOAD_UNEXPECTED_FILE',
      `Bitte genau eine Datei im Feld "${UPLOAD_FIELD}" senden.`,
    );
  }
  if (error.getStatus() === HttpStatus.UNSUPPORTED_MEDIA_TYPE) {
    return new HttpException(
      'Dateien müssen als multipart/form-data hochgeladen werden.',
      HttpStatus.UNSUPPORTED_MEDIA_TYPE,
    );
  }
  if (error.getStatus() === HttpStatus.BAD_REQUEST) {
    return DomainError.invalid('UPLOAD_INVALID', 'Der Upload ist unvollständig oder fehlerhaft.');
  }
  return error;
}

/** An interceptor for one file in the field `file`, held in memory up to the limit. */
export function SingleFileUpload(limits: UploadLimits): Type<NestInterceptor> {
  @Injectable()
  class SingleFileUploadInterceptor implements NestInterceptor {
    private readonly maxBytes: number;
    private readonly multer: NestInterceptor;

    constructor(config: ConfigService) {
      this.maxBytes =
        limits.maxBytes === 'configured'
          ? config.getOrThrow<AppConfig>('app').uploadMaxBytes
          : limits.maxBytes;
      const Multer = FileInterceptor(UPLOAD_FIELD, {
        limits: { fileSize: this.maxBytes, files: 1, fields: 10, fieldSize: MB },
        // Browsers send the file name as raw UTF-8 (multer's default would read it as Latin-1).
        defParamCharset: 'utf8',
      });
      this.multer = new Multer();
    }

    async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
      try {
        return await this.multer.intercept(context, next);
      } catch (error) {
        throw translate(error, limits, this.maxBytes);
      }
    }
  }
  return mixin(SingleFileUploadInterceptor);
}

/** The uploaded file, or a 400 when the request carried none. */
export function requireUpload(file: UploadedBuffer | undefined, what = 'Datei'): UploadedBuffer {
  if (!file) {
    throw DomainError.invalid(
      'UPLOAD_MISSING',
      `Keine ${what} hochgeladen (erwartet im Feld "${UPLOAD_FIELD}").`,
    );
  }
  return file;
}
