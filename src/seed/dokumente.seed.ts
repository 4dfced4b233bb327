/**
 * Documents with real files behind them: seminar scripts as public downloads (small one-page PDFs
 * made with pdf-lib, so every download link works), the PDF templates and certificates with the
 * default template files of templates/pdf in their file areas, and the newsletter templates of
 * templates/newsletter in theirs.
 */
import { copyFile, mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { DOWNLOAD_AREA } from '../platform/files/file-areas';
import { DEFAULT_PDF_TEMPLATES, TEMPLATES_DIR } from '../platform/pdf/template-files';
import { Download } from '../seminars/adapters/persistence/download.entity';
import { Bescheinigung, PdfVorlage } from '../seminars/adapters/persistence/vorlagen.entity';
import type { SeedContext } from './seed-context';

/** At most this many scripts, so a large scale does not write thousands of files. */
const MAX_SKRIPTE = 50;

async function pdf(zeilen: string[]): Promise<Uint8Array> {
  // No creation date in the metadata: the same seed writes the same bytes.
  const doc = await PDFDocument.create({ updateMetadata: false });
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([595, 842]);
  zeilen.forEach((zeile, i) =>
    page.drawText(zeile, { x: 56, y: 770 - i * 24, size: i === 0 ? 18 : 11, font }),
  );
  return doc.save();
}

async function datei(filesDir: string, area: string, name: string, zeilen: string[]): Promise<number> {
  const bytes = await pdf(zeilen);
  await mkdir(join(filesDir, area), { recursive: true });
  await writeFile(join(filesDir, area, name), bytes);
  return bytes.length;
}

export async function seedDokumente(ctx: SeedContext): Promise<void> {
  const filesDir = ctx.options.filesDir;
  if (!filesDir) {
    ctx.options.log?.('Dokumente: kein Dateiverzeichnis angegeben, übersprungen');
    return;
  }
  // The shipped default templates, copied into the file areas where staff see and replace them.
  const kopieren = async (area: string, name: string, von = DEFAULT_PDF_TEMPLATES) => {
    await mkdir(join(filesDir, area), { recursive: true });
    await copyFile(join(von, name), join(filesDir, area, name));
  };
  for (const name of ['seminareinladung.hbs', 'teilnehmeruebersicht.hbs', 'serienbrief.hbs', 'briefkopf.pdf'])
    await kopieren('pdf-vorlage', name);
  await kopieren('bescheinigung', 'teilnahmebescheinigung.pdf');
  // Every newsletter template the seeded Newsletter-Vorlagen name, so staff see and replace them.
  for (const name of await readdir(join(TEMPLATES_DIR, 'newsletter')))
    await kopieren('newsletter-vorlagen', name, join(TEMPLATES_DIR, 'newsletter'));
  const vorlagen: Partial<PdfVorlage>[] = [
    { titel: 'Seminareinladung', typ: 'Seminareinladung-Vorlage', template_file: 'seminareinladung.hbs' },
    { titel: 'Teilnehmerübersicht', typ: 'Teilnehmerliste', template_file: 'teilnehmeruebersicht.hbs' },
  ];
  let vorlageId = await ctx.nextId(PdfVorlage);
  await ctx.insert(
    PdfVorlage,
    vorlagen.map((v) => ({ id: vorlageId++, ...v, data: {} })),
  );

  const bescheinigungen = [
    {
      titel: 'Teilnahmebescheinigung',
      template_file: 'teilnahmebescheinigung.pdf',
      aktiv: true,
      valid_from: '2024-01-01',
    },
    {
      titel: 'Fortbildungsnachweis Fachberater',
      template_file: 'teilnahmebescheinigung.pdf',
      aktiv: false,
      valid_from: null,
    },
  ];
  let bescheinigungId = await ctx.nextId(Bescheinigung);
  await ctx.insert(
    Bescheinigung,
    bescheinigungen.map((b) => ({
      id: bescheinigungId++,
      typ: 'eventSpan_teilnehmer' as const,
      ...b,
      valid_to: null,
      data: {},
    })),
  );

  const seminare: { id: number; titel: string }[] = await ctx.dataSource.query(
    `SELECT id, titel FROM veranstaltung ORDER BY id LIMIT ${Math.min(MAX_SKRIPTE, Math.max(1, Math.ceil(ctx.scale / 10)))}`,
  );
  let downloadId = await ctx.nextId(Download);
  const downloads: Partial<Download>[] = [];
  for (const s of seminare) {
    const id = downloadId++;
    const file_name = `skript-${id}.pdf`;
    const size = await datei(filesDir, DOWNLOAD_AREA, file_name, [
      s.titel,
      'Skript zum Seminar',
      `Seminar ${s.id}`,
    ]);
    downloads.push({
      id,
      real_name: `Skript ${s.titel}.pdf`,
      title: 'Skript',
      file_name,
      relation: 'Veranstaltung',
      relation_id: s.id,
      category: 'Skript',
      size,
      public: true,
      ext: 'pdf',
    });
  }
  await ctx.insert(Download, downloads);
}
