/**
 * Writes the default PDFs of templates/pdf: the letterhead (briefkopf.pdf) under the text
 * layouts, the invoice's letterhead (rechnungsbriefkopf.pdf: without the fixed foot line, as every
 * invoice prints the association's saved data as its footer, § 14 Abs. 4 UStG), and the certificate form (teilnahmebescheinigung.pdf) whose fields' default values are
 * handlebars expressions. Run `node templates/pdf/build.mjs` after changing them; the output is
 * committed, so a fresh install needs no build step.
 */
import fontkit from '@pdf-lib/fontkit';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PDFDocument, rgb, TextAlignment } from 'pdf-lib';

const here = dirname(fileURLToPath(import.meta.url));
const font = (name) => readFileSync(join(here, '..', 'fonts', name));
const A4 = [595.28, 841.89];
const GREEN = rgb(0.12, 0.36, 0.29);
const GREY = rgb(0.35, 0.35, 0.35);

async function newDocument() {
  // No dates in the metadata: the same script writes the same bytes.
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.registerFontkit(fontkit);
  return {
    doc,
    regular: await doc.embedFont(font('DejaVuSans.ttf'), { subset: true }),
    bold: await doc.embedFont(font('DejaVuSans-Bold.ttf'), { subset: true }),
  };
}

/** The association's head and, unless `fuss` is false, its fixed foot line, drawn on a page. */
function drawLetterhead(page, { regular, bold }, { fuss = true } = {}) {
  const [width, height] = [page.getWidth(), page.getHeight()];
  page.drawRectangle({ x: 0, y: height - 12, width, height: 12, color: GREEN });
  page.drawText('Steuerberaterverband e. V.', { x: 56, y: height - 58, size: 15, font: bold, color: GREEN });
  page.drawText('Akademie für Fortbildung · Geschäftsstelle', {
    x: 56,
    y: height - 74,
    size: 9,
    font: regular,
    color: GREY,
  });
  page.drawLine({
    start: { x: 56, y: height - 86 },
    end: { x: width - 56, y: height - 86 },
    thickness: 0.6,
    color: GREEN,
  });
  if (!fuss) return;
  const foot =
    'Steuerberaterverband e. V. · Königstraße 12 · 70173 Stuttgart · Telefon 0711 123450 · info@verband.de';
  page.drawText(foot, {
    x: (width - regular.widthOfTextAtSize(foot, 7)) / 2,
    y: 22,
    size: 7,
    font: regular,
    color: GREY,
  });
}

async function briefkopf() {
  const fonts = await newDocument();
  drawLetterhead(fonts.doc.addPage(A4), fonts);
  return fonts.doc.save();
}

async function rechnungsbriefkopf() {
  const fonts = await newDocument();
  drawLetterhead(fonts.doc.addPage(A4), fonts, { fuss: false });
  return fonts.doc.save();
}

async function teilnahmebescheinigung() {
  const fonts = await newDocument();
  const { doc, bold } = fonts;
  const page = doc.addPage(A4);
  drawLetterhead(page, fonts);
  const title = 'Teilnahmebescheinigung';
  page.drawText(title, {
    x: (A4[0] - bold.widthOfTextAtSize(title, 24)) / 2,
    y: 660,
    size: 24,
    font: bold,
    color: GREEN,
  });
  const form = doc.getForm();
  /** A borderless field whose default value is the expression filled at render time. */
  const field = (name, expression, { y, height = 20, size = 11, center = true, multiline = false }) => {
    const text = form.createTextField(name);
    if (multiline) text.enableMultiline();
    text.setText(expression);
    text.addToPage(page, { x: 70, y, width: A4[0] - 140, height, borderWidth: 0 });
    text.setFontSize(size);
    text.setAlignment(center ? TextAlignment.Center : TextAlignment.Left);
  };
  field('vorspann', 'Hiermit wird bestätigt, dass', { y: 610 });
  field('name', '{{teilnehmer.name}}', { y: 570, height: 30, size: 18 });
  field('kennnummer', '{{#if teilnehmer.kennnummer}}Kennnummer {{teilnehmer.kennnummer}}{{/if}}', {
    y: 548,
    size: 9,
  });
  field('seminar_vorspann', 'an dem Seminar', { y: 515 });
  field('seminar', '{{seminar.titel}}{{#if seminar.lg_id}} ({{seminar.lg_id}}){{/if}}', {
    y: 460,
    height: 50,
    size: 14,
    multiline: true,
  });
  field('termine', 'am {{termine}}', { y: 420, height: 36, multiline: true });
  field('stunden', 'teilgenommen hat. Umfang der Fortbildung: {{zahl stunden}} Stunden.', { y: 390 });
  field(
    'fachberater',
    '{{#if fachberater_stunden}}Davon anrechenbar für {{fachberatermarke}}: {{zahl fachberater_stunden}} Stunden.{{/if}}',
    { y: 365 },
  );
  field(
    'fortbildungspass',
    '{{#if fortbildungspass}}Die Stunden werden im Fortbildungspass eingetragen.{{/if}}',
    {
      y: 340,
      size: 9,
    },
  );
  field('textfeld', '{{bescheinigung.textfeld1}}', { y: 250, height: 70, size: 10, multiline: true });
  field('ausgestellt', 'Stuttgart, {{datum ausgestellt}}', { y: 160, center: false });
  field('unterschrift', 'Steuerberaterverband e. V. – Akademie', { y: 120, center: false, size: 9 });
  return doc.save();
}

writeFileSync(join(here, 'briefkopf.pdf'), await briefkopf());
writeFileSync(join(here, 'rechnungsbriefkopf.pdf'), await rechnungsbriefkopf());
writeFileSync(join(here, 'teilnahmebescheinigung.pdf'), await teilnahmebescheinigung());
