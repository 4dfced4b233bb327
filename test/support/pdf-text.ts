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
const doc = await getDocument({ data: new Uint8Array(Buffer.concat(chunks)), verbosity: 0 }).promise;
const pages = [];
for (let n = 1; n <= doc.numPages; n++) {
  const content = await (await doc.getPage(n)).getTextContent();
  pages.push(content.items.map((item) => item.str + (item.hasEOL ? '\\n' : '')).join(''));
}
process.stdout.write(JSON.stringify(pages));
`;

/** The text of each page. */
export function pdfPages(pdf: Uint8Array): string[] {
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', SCRIPT], {
    input: pdf,
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(out.toString('utf8')) as string[];
}

/** All text, pages joined, runs of white space as one blank. */
export const pdfText = (pdf: Uint8Array): string => pdfPages(pdf).join('\n').replace(/\s+/g, ' ');

/** A supertest parser that keeps a binary answer (a PDF) as a Buffer: `.buffer(true).parse(binary)`. */
export function binary(res: request.Response, done: (error: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(Buffer.from(chunk)));
  res.on('end', () => done(null, Buffer.concat(chunks)));
}
