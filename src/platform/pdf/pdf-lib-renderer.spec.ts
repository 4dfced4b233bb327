import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { PDFArray, PDFDict, PDFDocument, PDFRef, PDFStream } from 'pdf-lib';
import { pdfPages, pdfText } from '../../../test/support/pdf-text';
import { DomainError } from '../../shared/domain-error';
import { PdfLibRenderer } from './pdf-lib-renderer';
import type { PdfTemplate } from './pdf-renderer';
import { DEFAULT_PDF_TEMPLATES } from './template-files';

const renderer = new PdfLibRenderer();
const briefkopf = readFileSync(join(DEFAULT_PDF_TEMPLATES, 'briefkopf.pdf'));

const template = (
  file: string,
  content: Uint8Array | string,
  files: Record<string, Uint8Array> = {},
): PdfTemplate => ({
  title: 'Testvorlage',
  file,
  content: typeof content === 'string' ? Buffer.from(content) : content,
  load: async (name) => files[name] ?? Promise.reject(new Error(`fehlt: ${name}`)),
});

/** A form whose fields carry expressions as default value or as name, one plain field, one checkbox. */
async function formular(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const form = doc.getForm();
  const feld = (name: string, wert: string | null, y: number) => {
    const f = form.createTextField(name);
    if (wert !== null) f.setText(wert);
    f.addToPage(page, { x: 50, y, width: 450, height: 24 });
  };
  feld('name', 'Teilnehmer: {{teilnehmer.name}}', 700);
  feld('{{betrag}}', null, 650);
  feld('fest', 'bleibt stehen', 600);
  form.createCheckBox('{{mitglied}}').addToPage(page, { x: 50, y: 550, width: 12, height: 12 });
  return doc.save();
}

/** References to objects the file does not hold (a reader would have to repair it). */
async function dangling(pdf: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(pdf);
  const missing: string[] = [];
  const visit = (object: unknown, seen: Set<unknown>) => {
    if (seen.has(object)) return;
    seen.add(object);
    if (object instanceof PDFRef) {
      const target = doc.context.lookup(object);
      if (target === undefined) missing.push(object.toString());
      else visit(target, seen);
    } else if (object instanceof PDFArray) object.asArray().forEach((o) => visit(o, seen));
    else if (object instanceof PDFDict) object.values().forEach((o) => visit(o, seen));
    else if (object instanceof PDFStream) visit(object.dict, seen);
  };
  visit(doc.catalog, new Set());
  return missing;
}

async function fehlerVon(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

describe('PdfLibRenderer: form templates', () => {
  it('fills expressions in field values and names with umlauts, ß and €, and flattens the form', async () => {
    const pdf = await renderer.render(template('vorlage.pdf', await formular()), {
      teilnehmer: { name: 'Jürgen Müßig-Öztürk' },
      betrag: '1.234,50 €',
      mitglied: true,
    });
    const text = pdfText(pdf);
    expect(text).toContain('Teilnehmer: Jürgen Müßig-Öztürk');
    expect(text).toContain('1.234,50 €');
    expect(text).toContain('bleibt stehen');
    expect(text).not.toContain('{{');
    const fields = (await PDFDocument.load(pdf)).getForm().getFields();
    expect(fields).toHaveLength(0);
    expect(await dangling(pdf)).toEqual([]);
  });

  it.each([
    [
      'an unknown field',
      { teilnehmer: {}, betrag: '', mitglied: false },
      'name',
      '„name“ ist in den Daten nicht vorhanden',
    ],
    [
      'a field named by its expression',
      { teilnehmer: { name: 'A' }, mitglied: false },
      '{{betrag}}',
      '„betrag“',
    ],
  ])('refuses %s with a 409 naming the template and the field', async (_, data, feld, grund) => {
    const error = await fehlerVon(renderer.render(template('vorlage.pdf', await formular()), data));
    expect(error.kind).toBe('conflict');
    expect(error.message).toContain('„Testvorlage“');
    expect(error.message).toContain(`Feld „${feld}“`);
    expect(error.message).toContain(grund);
  });

  it('refuses a file that is not a PDF', async () => {
    const error = await fehlerVon(renderer.render(template('kaputt.pdf', 'kein pdf'), {}));
    expect(error.message).toContain('kein lesbares PDF');
  });
});

const LISTE = `---
briefkopf: briefkopf.pdf
rand: 110 56 60 56
seitenzahlen: ja
---
# Teilnehmerübersicht {{titel}}
>> Stuttgart, {{datum stand}}

|= 10 | 50 | 40
|| Nr. | Name | Ort
{{#each zeilen}}
| {{nr}} | {{name}} | {{ort}}
{{/each}}

**Summe: {{zeilen.length}} Teilnehmer**
`;

const zeilen = Array.from({ length: 120 }, (_, i) => ({
  nr: i + 1,
  name: `Müller-Lüdenscheidt ${i + 1}`,
  ort: 'Weißenfels',
}));

describe('PdfLibRenderer: text layouts', () => {
  it('draws a long table over several pages onto the letterhead, with the head row and page numbers on each', async () => {
    const pdf = await renderer.render(template('liste.hbs', LISTE, { 'briefkopf.pdf': briefkopf }), {
      titel: 'Grundsteuer ä',
      stand: '2024-03-05',
      zeilen,
    });
    const seiten = pdfPages(pdf);
    expect(seiten.length).toBeGreaterThan(2);
    seiten.forEach((seite, i) => {
      const text = seite.replace(/\s+/g, ' ');
      expect(text).toContain('Steuerberaterverband e. V.');
      expect(text).toContain(`Seite ${i + 1} von ${seiten.length}`);
      expect(text).toContain('Nr. Name Ort');
    });
    const alles = seiten.join(' ').replace(/\s+/g, ' ');
    expect(alles).toContain('Teilnehmerübersicht Grundsteuer ä');
    expect(alles).toContain('Stuttgart, 05.03.2024');
    expect(alles).toContain('120 Müller-Lüdenscheidt 120 Weißenfels');
    expect(alles).toContain('Summe: 120 Teilnehmer');
  });

  it('prints the footer lines the front matter fills in at the foot of every page, a too long one smaller', async () => {
    const lang = `Bankverbindung: ${'IBAN DE02 1203 0000 0000 2020 51 · '.repeat(6)}Ende`;
    const quelle = LISTE.replace(
      'seitenzahlen: ja\n',
      'seitenzahlen: ja\n{{#each fuss}}\nfusszeile: {{this}}\n{{/each}}\n',
    );
    const pdf = await renderer.render(template('liste.hbs', quelle, { 'briefkopf.pdf': briefkopf }), {
      titel: 'Fuß',
      stand: '2024-03-05',
      zeilen,
      fuss: ['Verband e. V. · Königstraße 1 · 70173 Stuttgart', 'Steuernummer: 99/123/45678', lang],
    });

    const seiten = pdfPages(pdf).map((seite) => seite.replace(/\s+/g, ' '));
    expect(seiten.length).toBeGreaterThan(2);
    for (const seite of seiten) {
      expect(seite).toContain('Verband e. V. · Königstraße 1 · 70173 Stuttgart');
      expect(seite).toContain('Steuernummer: 99/123/45678');
      expect(seite).toContain('Ende');
    }
  });

  it('starts a new page at ===', async () => {
    const pdf = await renderer.render(
      template('brief.hbs', '{{#each l}}Brief an {{this}}\n===\n{{/each}}Ende'),
      {
        l: ['Änne', 'Ömer'],
      },
    );
    expect(pdfPages(pdf).map((s) => s.trim())).toEqual(['Brief an Änne', 'Brief an Ömer', 'Ende']);
  });

  it.each([
    ['an unknown field', '# {{titel}}\n{{unbekannt}}', { titel: 'x' }, 'Zeile 2', '„unbekannt“'],
    ['a broken expression', 'Text\n{{#if}', {}, 'Zeile', 'der Ausdruck ist fehlerhaft'],
    ['a missing letterhead', '---\nbriefkopf: fehlt.pdf\n---\nText', {}, 'briefkopf: fehlt.pdf', 'fehlt.pdf'],
    ['an unknown kind of file', 'x', {}, 'vorlage.docx', 'nur PDF-Formulare'],
  ])('refuses %s with a 409 naming the template and the field', async (_, source, data, feld, grund) => {
    const file = feld === 'vorlage.docx' ? feld : 'vorlage.hbs';
    const error = await fehlerVon(renderer.render(template(file, source), data));
    expect(error.kind).toBe('conflict');
    expect(error.message).toContain('„Testvorlage“');
    expect(error.message).toContain(`Feld „${feld}`);
    expect(error.message).toContain(grund);
  });
});

describe('PdfLibRenderer: fonts shared by the documents of a batch', () => {
  it('keeps every letter in the text layer after a document whose umlauts are built from them', async () => {
    // ü and ö are composites of u and o: the first document's subset creates those glyphs
    // without their characters; the next document must still copy as "Stuttgart", "Hof".
    await renderer.render(template('a.hbs', 'Müller Öztürk Übersicht'), {});
    const [seite] = pdfPages(await renderer.render(template('b.hbs', 'Stuttgart Hof Burg'), {}));
    expect(seite).toContain('Stuttgart Hof Burg');
  });

  it('draws the one parsed letterhead onto every document of a batch, each file complete', async () => {
    const brief = template('brief.hbs', '---\nbriefkopf: briefkopf.pdf\n---\nRechnung {{nr}}', {
      'briefkopf.pdf': briefkopf,
    });
    for (const nr of ['RE-1', 'RE-2', 'RE-3']) {
      const pdf = await renderer.render(brief, { nr });
      const [seite] = pdfPages(pdf);
      expect(seite.replace(/\s+/g, ' ')).toContain('Steuerberaterverband e. V.');
      expect(seite).toContain(`Rechnung ${nr}`);
      expect(await dangling(pdf)).toEqual([]);
    }
  });

  it('wraps and draws the same words alike in every document of a batch', async () => {
    const absatz = template(
      'c.hbs',
      '{{#each namen}}\n{{this}} wohnt in der Königstraße in Stuttgart-Süd\n{{/each}}',
    );
    const texte = [];
    for (let i = 0; i < 3; i++)
      texte.push(
        pdfPages(await renderer.render(absatz, { namen: ['Änne Öztürk', `Jürgen ${i}`] })).join(' '),
      );
    expect(texte[2]).toBe(texte[0].replace('Jürgen 0', 'Jürgen 2'));
    expect(texte[0]).toContain('Änne Öztürk wohnt in der Königstraße in Stuttgart-Süd');
  });
});

describe('PdfLibRenderer: merged output', () => {
  it('writes the documents one after another as one readable PDF', async () => {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (chunk: Buffer) => chunks.push(chunk));
    const form = template('vorlage.pdf', await formular());
    async function* jobs() {
      for (const name of ['Änne Groß', 'Björn Weiß', 'Çağla Yılmaz'])
        yield { template: form, data: { teilnehmer: { name }, betrag: '5 €', mitglied: false } };
      yield {
        template: template('liste.hbs', LISTE, { 'briefkopf.pdf': briefkopf }),
        data: { titel: 'T', stand: null, zeilen },
      };
    }
    const seiten = await renderer.renderMerged(jobs(), out);
    out.end();
    const pdf = Buffer.concat(chunks);
    const gelesen = pdfPages(pdf);
    expect(gelesen).toHaveLength(seiten);
    expect(seiten).toBeGreaterThan(4);
    ['Änne Groß', 'Björn Weiß', 'Çağla Yılmaz'].forEach((name, i) =>
      expect(gelesen[i]).toContain(`Teilnehmer: ${name}`),
    );
    expect(gelesen[3]).toContain('Teilnehmerübersicht');
    expect((await PDFDocument.load(pdf)).getPageCount()).toBe(seiten);
    expect(await dangling(pdf)).toEqual([]);
  });
});
