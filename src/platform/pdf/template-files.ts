/**
 * Where template files come from: the resource's file area (staff upload their own templates
 * there), else the defaults shipped in `templates/pdf/`, so a fresh install renders every document.
 */
import { Injectable } from '@nestjs/common';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { FileStorage } from '../files/file-storage';
import { TemplateError } from './handlebars-fill';
import type { PdfTemplate } from './pdf-renderer';

/** The shipped templates and fonts; the app runs from the project (or image) root. */
export const TEMPLATES_DIR = resolve(process.cwd(), 'templates');
export const DEFAULT_PDF_TEMPLATES = join(TEMPLATES_DIR, 'pdf');

/** Template files are plain names: lists offer only files without a sub-folder (spec 001 §5). */
const PLAIN_NAME = /^[^/\\]+$/;

export interface TemplateRequest {
  /** The file area of the resource the template belongs to (`bescheinigung`, `pdf-vorlage`, …). */
  area: string;
  /** The record's template file name. */
  file: string | null | undefined;
  /** The record's title, named in errors. */
  title: string;
  /** The German label of the field holding the file name, named when it is missing. */
  field: string;
}

@Injectable()
export class TemplateFiles {
  constructor(private readonly storage: FileStorage) {}

  async load({ area, file, title, field }: TemplateRequest): Promise<PdfTemplate> {
    const fehlt = (name: string, feld = field) =>
      new TemplateError(title, feld, name ? `die Datei „${name}“ gibt es nicht` : 'keine Datei angegeben');
    if (!file || !PLAIN_NAME.test(file) || file === '.' || file === '..') throw fehlt(file ?? '');
    const read = async (name: string): Promise<Uint8Array | null> => {
      if (!PLAIN_NAME.test(name) || name === '.' || name === '..') return null;
      if (await this.storage.exists(area, name)) return this.storage.readBuffer(area, name);
      return readFile(join(DEFAULT_PDF_TEMPLATES, name)).catch(() => null);
    };
    const content = await read(file);
    if (!content) throw fehlt(file);
    return {
      title,
      file,
      content,
      load: async (name) => (await read(name)) ?? Promise.reject(fehlt(name, `briefkopf: ${name}`)),
    };
  }
}
