/**
 * Reads a PDF's text back, page by page, with pdfjs-dist (Mozilla's reader, a dev dependency: no
 * system tool needed). pdfjs-dist ships only ES modules, which Jest cannot load on Node 20, so a
 * plain Node child process does the reading.
 */
import { execFileSync } from 'node:child_process';
import type request from 'supertest';

const SCRIPT = `
const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const result = [];
for (const base64 of JSON.parse(Buffer.concat(chunks).toString('utf8'))) {
  const doc = await getDocument({ data: new Uint8Array(Buffer.from(base64, 'base64')), verbosity: 0 }).promise;
  const pages = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => item.str + (item.hasEOL ? '\\n' : '')).join(''));
  }
  result.push(pages);
}
process.stdout.write(JSON.stringify(result));
`;

/** The text of each page of each PDF, read in one child process (many PDFs at the cost of one). */
export function pdfPagesOf(pdfs: Uint8Array[]): string[][] {
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', SCRIPT], {
    input: JSON.stringify(pdfs.map((pdf) => Buffer.from(pdf).toString('base64'))),
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(out.toString('utf8')) as string[][];
}

/** The text of each page. */
export const pdfPages = (pdf: Uint8Array): string[] => pdfPagesOf([pdf])[0];

/** All text, pages joined, runs of white space as one blank. */
export const pdfText = (pdf: Uint8Array): string => pdfTexts([pdf])[0];

/** All text of each PDF, as pdfText. */
export const pdfTexts = (pdfs: Uint8Array[]): string[] =>
  pdfPagesOf(pdfs).map((pages) => pages.join('\n').replace(/\s+/g, ' '));

/** A supertest parser that keeps a binary answer (a PDF) as a Buffer: `.buffer(true).parse(binary)`. */
export function binary(res: request.Response, done: (error: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(Buffer.from(chunk)));
  res.on('end', () => done(null, Buffer.concat(chunks)));
}
