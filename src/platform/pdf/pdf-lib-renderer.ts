/** The PDF port on pdf-lib: form templates filled and flattened, text layouts drawn and paged. */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Writable } from 'node:stream';
import {
  PDFCheckBox,
  PDFDocument,
  PDFName,
  PDFRef,
  PDFTextField,
  rgb,
  type PDFEmbeddedPage,
  type PDFFont,
  type PDFPage,
} from 'pdf-lib';
// pdf-lib's package root does not re-export its fontkit types.
import type { Font, Fontkit, Glyph, GlyphRun } from 'pdf-lib/cjs/types/fontkit';
import { compileFill, isExpression, TemplateError } from './handlebars-fill';
import { parseLayout, wrap, type Block } from './layout';
import { writeMergedPdf } from './pdf-merge';
import { PdfRenderer, type PdfJob, type PdfTemplate } from './pdf-renderer';
import { TEMPLATES_DIR } from './template-files';

/** DejaVu Sans covers Latin-1, € and much more; read once per process. */
let fontBytes: { regular: Buffer; bold: Buffer } | undefined;
function fonts() {
  fontBytes ??= {
    regular: readFileSync(join(TEMPLATES_DIR, 'fonts', 'DejaVuSans.ttf')),
    bold: readFileSync(join(TEMPLATES_DIR, 'fonts', 'DejaVuSans-Bold.ttf')),
  };
  return fontBytes;
}

/** Words laid out and kept per font: a batch's documents repeat their headings, labels and names. */
const WORDS_PER_FONT = 20_000;

/**
 * pdf-lib asks fontkit for a new font object per document, and fontkit parses its tables and
 * shapes every text (GSUB/GPOS) anew on each: most of an invoice's render time, during which the
 * event loop is blocked. The font files never change, so each is parsed once per process, and a
 * text is laid out word by word from a cache of words (wrapping measures every growing candidate
 * line of a paragraph, drawing every line once). Each document still gets its own subset.
 */
const parsedFonts = new Map<Uint8Array, Font>();
/** fontkit is loaded with the first document, not with the app (a tenth of its module loading). */
let loadedFontkit: Promise<Fontkit> | undefined;
const sharedFontkit = () =>
  (loadedFontkit ??= import('@pdf-lib/fontkit').then(({ default: fontkit }) => ({
    create(bytes) {
      let font = parsedFonts.get(bytes);
      if (!font) {
        font = fontkit.create(bytes);
        parsedFonts.set(bytes, withCachedLayouts(font));
      }
      return font;
    },
  })));

function withCachedLayouts(font: Font): Font {
  // fontkit keeps one glyph object per id. A subset creates the parts of a composite glyph (the
  // u of an ü) without their characters; shared, such a glyph would reach a later document's
  // text layer without them, and its letter would vanish when the PDF's text is copied.
  const getGlyph = font.getGlyph.bind(font);
  font.getGlyph = (id, codePoints = []) => {
    const glyph = getGlyph(id, codePoints);
    if (glyph && glyph.codePoints.length === 0 && codePoints.length > 0) glyph.codePoints = codePoints;
    return glyph;
  };
  const layout = font.layout.bind(font);
  const words = new Map<string, Glyph[]>();
  const glyphsOf = (word: string) => {
    let glyphs = words.get(word);
    if (!glyphs) {
      // Oldest first out: a Map iterates in insertion order.
      if (words.size >= WORDS_PER_FONT) words.delete(words.keys().next().value!);
      words.set(word, (glyphs = layout(word).glyphs));
    }
    return glyphs;
  };
  font.layout = (text, features) => {
    if (features !== undefined) return layout(text, features);
    const space = glyphsOf(' ');
    const glyphs = text.split(' ').flatMap((word, i) => [...(i > 0 ? space : []), ...glyphsOf(word)]);
    // pdf-lib reads only the glyphs of a run and sets them by their advance widths (it applies no
    // kerning), so word by word puts the same glyphs on the page as the whole text would.
    return { glyphs } as unknown as GlyphRun;
  };
  return font;
}

/**
 * A batch renders its documents on the event loop; between the steps of each one other requests
 * get their turn (a step takes a few milliseconds, a whole invoice a few dozen).
 */
const OBJECTS_PER_TICK = 10;
const pause = () => new Promise<void>((resolve) => setImmediate(resolve));

const A4: [number, number] = [595.28, 841.89];
const BODY = 10;
const LEADING = 1.35;
const HEADING_SIZE = { 1: 16, 2: 12.5 } as const;
const CELL_PADDING = 3;
const GREY = rgb(0.92, 0.92, 0.92);
const LINE = rgb(0.7, 0.7, 0.7);

async function loadPdf(template: PdfTemplate, bytes: Uint8Array, field: string): Promise<PDFDocument> {
  try {
    return await PDFDocument.load(bytes);
  } catch {
    throw new TemplateError(template.title, field, 'die Datei ist kein lesbares PDF');
  }
}

/** Letterheads kept parsed, by their content: every invoice of a batch has the same one. */
const LETTERHEADS = 20;
const parsedLetterheads = new Map<string, PDFDocument>();

/** The letterhead document; pdf-lib only reads it when embedding its page into another. */
async function loadLetterhead(template: PdfTemplate, bytes: Uint8Array, field: string): Promise<PDFDocument> {
  const key = createHash('sha256').update(bytes).digest('base64');
  let letterhead = parsedLetterheads.get(key);
  if (!letterhead) {
    letterhead = await loadPdf(template, bytes, field);
    if (parsedLetterheads.size >= LETTERHEADS)
      parsedLetterheads.delete(parsedLetterheads.keys().next().value!);
    parsedLetterheads.set(key, letterhead);
  }
  return letterhead;
}

/** A PDF form: each field whose value or name is an expression gets its filled value; then flattened. */
async function renderForm(template: PdfTemplate, data: object): Promise<PDFDocument> {
  const doc = await loadPdf(template, template.content, template.file);
  doc.registerFontkit(await sharedFontkit());
  const form = doc.getForm();
  // All expressions are filled first: a failing one leaves nothing half-drawn.
  const values: [PDFTextField | PDFCheckBox, string][] = [];
  for (const field of form.getFields()) {
    const name = field.getName();
    if (field instanceof PDFTextField) {
      const source = isExpression(field.getText()) ? field.getText()! : isExpression(name) ? name : null;
      if (source) values.push([field, compileFill(source, template.title, name)(data)]);
    } else if (field instanceof PDFCheckBox && isExpression(name)) {
      values.push([field, compileFill(name, template.title, name)(data).trim()]);
    }
  }
  const font = await doc.embedFont(fonts().regular, { subset: true });
  for (const [field, value] of values) {
    if (field instanceof PDFTextField) field.setText(value);
    else if (value && !/^(false|0|nein)$/i.test(value)) field.check();
    else field.uncheck();
  }
  form.updateFieldAppearances(font);
  form.flatten();
  dropDeletedAnnotations(doc);
  return doc;
}

/**
 * pdf-lib's flatten deletes the widgets but can leave their references in a page's /Annots
 * (when the page's array is shared or indirect); such dangling references make readers repair
 * the file and a merged copy point at nothing.
 */
function dropDeletedAnnotations(doc: PDFDocument) {
  for (const page of doc.getPages()) {
    const annots = page.node.Annots();
    if (!annots) continue;
    for (let i = annots.size() - 1; i >= 0; i--) {
      const entry = annots.get(i);
      if (entry instanceof PDFRef && doc.context.lookup(entry) === undefined) annots.remove(i);
    }
    if (annots.size() === 0) page.node.delete(PDFName.of('Annots'));
  }
}

/** The footer's type size, line distance, lowest line and colour (the letterhead's foot line's). */
const FOOTER_SIZE = 7;
const FOOTER_LEADING = 9;
const FOOTER_BOTTOM = 22;
const FOOTER_COLOUR = rgb(0.35, 0.35, 0.35);

/** Draws layout blocks page by page onto the letterhead. */
class LayoutWriter {
  private page!: PDFPage;
  private y = 0;
  private tableHead: (Block & { kind: 'row' }) | null = null;

  constructor(
    private readonly doc: PDFDocument,
    private readonly fonts: { regular: PDFFont; bold: PDFFont },
    private readonly letterhead: PDFEmbeddedPage | null,
    private readonly margins: [number, number, number, number],
  ) {
    this.newPage();
  }

  private get size(): [number, number] {
    return this.letterhead ? [this.letterhead.width, this.letterhead.height] : A4;
  }

  private get left() {
    return this.margins[3];
  }

  private get width() {
    return this.size[0] - this.margins[1] - this.margins[3];
  }

  private newPage() {
    this.page = this.doc.addPage(this.size);
    if (this.letterhead) this.page.drawPage(this.letterhead, { x: 0, y: 0 });
    this.y = this.size[1] - this.margins[0];
  }

  /** Room for `height` on this page, or a new page (repeating the table's head row). */
  private ensure(height: number, row = false) {
    if (this.y - height >= this.margins[2]) return;
    this.newPage();
    if (row && this.tableHead) this.drawRow(this.tableHead);
  }

  private text(text: string, x: number, size: number, font: PDFFont) {
    this.page.drawText(text, { x, y: this.y - size, size, font });
  }

  draw(block: Block) {
    if (block.kind !== 'row') this.tableHead = null;
    switch (block.kind) {
      case 'break':
        this.newPage();
        return;
      case 'space':
        this.y -= BODY * 0.8;
        return;
      case 'heading': {
        const size = HEADING_SIZE[block.level];
        for (const line of wrap(block.text, this.width, (t) => this.fonts.bold.widthOfTextAtSize(t, size))) {
          this.ensure(size * LEADING);
          this.text(line, this.left, size, this.fonts.bold);
          this.y -= size * LEADING;
        }
        this.y -= size * 0.3;
        return;
      }
      case 'text': {
        const font = block.bold ? this.fonts.bold : this.fonts.regular;
        for (const line of wrap(block.text, this.width, (t) => font.widthOfTextAtSize(t, BODY))) {
          this.ensure(BODY * LEADING);
          const x =
            block.align === 'right' ? this.left + this.width - font.widthOfTextAtSize(line, BODY) : this.left;
          this.text(line, x, BODY, font);
          this.y -= BODY * LEADING;
        }
        return;
      }
      case 'row':
        if (block.head) this.tableHead = block;
        this.drawRow(block);
    }
  }

  private columnWidths(block: Block & { kind: 'row' }): number[] {
    const n = block.cells.length;
    const given = block.widths?.slice(0, n) ?? [];
    const valid = given.length === n && given.every((w) => Number.isFinite(w) && w > 0);
    const parts = valid ? given : block.cells.map(() => 1);
    const total = parts.reduce((a, b) => a + b, 0);
    return parts.map((p) => (p / total) * this.width);
  }

  private drawRow(block: Block & { kind: 'row' }) {
    const font = block.head ? this.fonts.bold : this.fonts.regular;
    const size = BODY - 1;
    const widths = this.columnWidths(block);
    const lines = block.cells.map((cell, i) =>
      wrap(cell, widths[i] - 2 * CELL_PADDING, (t) => font.widthOfTextAtSize(t, size)),
    );
    const height = Math.max(...lines.map((l) => l.length)) * size * LEADING + 2 * CELL_PADDING;
    this.ensure(height, !block.head);
    if (block.head)
      this.page.drawRectangle({ x: this.left, y: this.y - height, width: this.width, height, color: GREY });
    let x = this.left;
    lines.forEach((cellLines, i) => {
      cellLines.forEach((line, j) =>
        this.page.drawText(line, {
          x: x + CELL_PADDING,
          y: this.y - CELL_PADDING - size - j * size * LEADING,
          size,
          font,
        }),
      );
      x += widths[i];
    });
    this.y -= height;
    this.page.drawLine({
      start: { x: this.left, y: this.y },
      end: { x: this.left + this.width, y: this.y },
      thickness: 0.4,
      color: LINE,
    });
  }

  /**
   * The footer's lines centred at the foot of every page, below the page numbers; a line wider
   * than the text area is set smaller to fit.
   */
  footer(lines: string[]) {
    const font = this.fonts.regular;
    for (const page of this.doc.getPages()) {
      lines.forEach((line, i) => {
        const size = Math.min(FOOTER_SIZE, this.width / Math.max(font.widthOfTextAtSize(line, 1), 1));
        page.drawText(line, {
          x: (page.getWidth() - font.widthOfTextAtSize(line, size)) / 2,
          y: FOOTER_BOTTOM + (lines.length - 1 - i) * FOOTER_LEADING,
          size,
          font,
          color: FOOTER_COLOUR,
        });
      });
    }
  }

  /** „Seite n von m“ centred in the bottom margin of every page, above a letterhead's foot line. */
  pageNumbers() {
    const pages = this.doc.getPages();
    pages.forEach((page, i) => {
      const text = `Seite ${i + 1} von ${pages.length}`;
      const width = this.fonts.regular.widthOfTextAtSize(text, 8);
      page.drawText(text, {
        x: (page.getWidth() - width) / 2,
        y: Math.max(this.margins[2] - 18, 34),
        size: 8,
        font: this.fonts.regular,
      });
    });
  }
}

/** A handlebars text layout drawn onto its letterhead. */
async function renderLayout(template: PdfTemplate, data: object): Promise<PDFDocument> {
  const source = Buffer.from(template.content).toString('utf8');
  const layout = parseLayout(compileFill(source, template.title)(data));
  const doc = await PDFDocument.create();
  doc.registerFontkit(await sharedFontkit());
  let letterhead: PDFEmbeddedPage | null = null;
  if (layout.options.letterhead) {
    const file = layout.options.letterhead;
    const field = `briefkopf: ${file}`;
    const bytes = await template.load(file).catch((error: unknown) => {
      throw error instanceof TemplateError
        ? error
        : new TemplateError(template.title, field, `die Datei „${file}“ gibt es nicht`);
    });
    const source = await loadLetterhead(template, bytes, field);
    [letterhead] = await doc.embedPdf(source, [0]);
  }
  const writer = new LayoutWriter(
    doc,
    {
      regular: await doc.embedFont(fonts().regular, { subset: true }),
      bold: await doc.embedFont(fonts().bold, { subset: true }),
    },
    letterhead,
    layout.options.margins,
  );
  await pause();
  for (const block of layout.blocks) writer.draw(block);
  if (layout.options.pageNumbers) writer.pageNumbers();
  if (layout.options.footer.length > 0) writer.footer(layout.options.footer);
  return doc;
}

/** Which kind of template a file is, by its extension. */
function renderDocument(template: PdfTemplate, data: object): Promise<PDFDocument> {
  if (/\.pdf$/i.test(template.file)) return renderForm(template, data);
  if (/\.hbs$/i.test(template.file)) return renderLayout(template, data);
  throw new TemplateError(
    template.title,
    template.file,
    'nur PDF-Formulare (.pdf) und Textvorlagen (.hbs) können gefüllt werden',
  );
}

export class PdfLibRenderer extends PdfRenderer {
  async render(template: PdfTemplate, data: object): Promise<Uint8Array> {
    const doc = await renderDocument(template, data);
    await pause();
    // Subsets and compresses the fonts, the longest step.
    await doc.flush();
    await pause();
    return doc.save({ objectsPerTick: OBJECTS_PER_TICK });
  }

  async renderMerged(jobs: AsyncIterable<PdfJob>, out: Writable): Promise<number> {
    async function* documents() {
      for await (const job of jobs) {
        const document = await renderDocument(job.template, job.data);
        // Fonts and embedded pages are written into the document only when it is flushed.
        await document.flush();
        yield document;
      }
    }
    return writeMergedPdf(documents(), out);
  }
}
