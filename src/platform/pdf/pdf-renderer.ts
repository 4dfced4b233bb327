/**
 * The PDF port (DESIGN.md §4): every document — certificates, invitations, participant lists,
 * invoices — is a template filled with data. Two kinds of template:
 * - a PDF with form fields whose default values (or names) are handlebars expressions: filled,
 *   then flattened, so the result has no editable fields left;
 * - a handlebars text layout (`.hbs`) drawn onto a letterhead PDF, wrapped and paged
 *   (see layout.ts for its few line forms).
 * Text is set in an embedded Unicode font (DejaVu Sans from templates/fonts), so umlauts, ß and €
 * print on every viewer.
 */
import type { Writable } from 'node:stream';

export interface PdfTemplate {
  /** How staff know the template (its record's title); named in every error. */
  title: string;
  /** The template's file name: `.pdf` is a form, `.hbs` a text layout. */
  file: string;
  content: Uint8Array;
  /** Reads another file from where the template came from (a layout's letterhead). */
  load(file: string): Promise<Uint8Array>;
}

export interface PdfJob {
  template: PdfTemplate;
  data: object;
}

export abstract class PdfRenderer {
  /** One document; a failing expression is a 409 naming the template and the field. */
  abstract render(template: PdfTemplate, data: object): Promise<Uint8Array>;

  /**
   * Many documents as one PDF, written to `out` page by page as each is rendered, so memory
   * stays flat however many there are. Answers the number of pages.
   */
  abstract renderMerged(jobs: AsyncIterable<PdfJob>, out: Writable): Promise<number>;
}
