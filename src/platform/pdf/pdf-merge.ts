/**
 * Many documents into one PDF without holding them all: each document's pages are copied into a
 * scratch context, written out as numbered objects at once and dropped from it; only the page
 * references and the objects' byte offsets stay until the page tree and cross-reference table
 * close the file. So memory does not grow with the number of documents (bench/bescheinigungen.mjs).
 */
import type { Writable } from 'node:stream';
import { PDFContext, PDFDocument, PDFName, PDFObjectCopier, type PDFObject, type PDFRef } from 'pdf-lib';
import { schreibe } from '../queue/json-stueckweise';

const encoder = new TextEncoder();

class ObjectWriter {
  position = 0;
  readonly offsets: number[] = [];

  constructor(private readonly out: Writable) {}

  async write(bytes: Uint8Array | string) {
    const chunk = typeof bytes === 'string' ? encoder.encode(bytes) : bytes;
    this.position += chunk.length;
    // Waits for a full stream to drain; a closed one (the downloader left) ends the document.
    await schreibe(this.out, chunk);
  }

  async object(ref: PDFRef, object: PDFObject) {
    this.offsets[ref.objectNumber] = this.position;
    const bytes = new Uint8Array(object.sizeInBytes());
    object.copyBytesInto(bytes, 0);
    await this.write(`${ref.objectNumber} 0 obj\n`);
    await this.write(bytes);
    await this.write('\nendobj\n');
  }
}

/** Writes the documents' pages in order as one PDF to `out` (left open); answers the page count. */
export async function writeMergedPdf(documents: AsyncIterable<PDFDocument>, out: Writable): Promise<number> {
  const context = PDFContext.create();
  const pagesRef = context.nextRef();
  const catalogRef = context.nextRef();
  const writer = new ObjectWriter(out);
  // The binary comment marks the file as binary for transfer programs (PDF 32000 §7.5.2).
  await writer.write('%PDF-1.7\n%\u00e2\u00e3\u00cf\u00d3\n');
  const kids: PDFRef[] = [];
  for await (const document of documents) {
    const copier = PDFObjectCopier.for(document.context, context);
    for (const page of document.getPages()) {
      const copy = copier.copy(page.node);
      copy.set(PDFName.of('Parent'), pagesRef);
      kids.push(context.register(copy));
    }
    for (const [ref, object] of context.enumerateIndirectObjects()) {
      await writer.object(ref, object);
      context.delete(ref);
    }
  }
  await writer.object(pagesRef, context.obj({ Type: 'Pages', Kids: context.obj(kids), Count: kids.length }));
  await writer.object(catalogRef, context.obj({ Type: 'Catalog', Pages: pagesRef }));

  const size = writer.offsets.length;
  const xref = writer.position;
  const entries = ['0000000000 65535 f \n'];
  for (let n = 1; n < size; n++) {
    const offset = writer.offsets[n];
    entries.push(
      offset === undefined ? '0000000000 65535 f \n' : `${String(offset).padStart(10, '0')} 00000 n \n`,
    );
  }
  await writer.write(`xref\n0 ${size}\n${entries.join('')}`);
  await writer.write(
    `trailer\n<< /Size ${size} /Root ${catalogRef.objectNumber} 0 R >>\nstartxref\n${xref}\n%%EOF\n`,
  );
  return kids.length;
}

/** Finished PDF files (stored invoices, issue 28) as one PDF to `out`, one file at a time. */
export function mergePdfFiles(files: AsyncIterable<Uint8Array>, out: Writable): Promise<number> {
  async function* documents() {
    for await (const file of files) yield await PDFDocument.load(file);
  }
  return writeMergedPdf(documents(), out);
}
