/**
 * The seminars' documents (issue 11) through the PDF port: certificates per participant and all
 * of a seminar merged, invitations, the Serienbrief (verband 3) and the Teilnehmerübersicht
 * (verband 2). Templates come from the file areas of `bescheinigung` and `pdf-vorlage`, else the
 * defaults in templates/pdf.
 */
import { berlinDatum } from '../../../common/kalender';
import { Injectable } from '@nestjs/common';
import type { Writable } from 'node:stream';
import { DataSource, In } from 'typeorm';
import { EINLADUNGS_VORLAGE } from '../../../common/seminar';
import { fieldLabel } from '../../../common/vocabulary';
import { SeminarBuchungen } from '../../billing/application/ports/seminar-buchungen';
import { MitgliederAuskunft } from '../../membership/application/ports/mitglieder-auskunft';
import type { PdfJob, PdfTemplate } from '../../platform/pdf/pdf-renderer';
import { PdfRenderer } from '../../platform/pdf/pdf-renderer';
import { ohneFortschritt, type Melder } from '../../platform/queue/hintergrund';
import { TemplateFiles } from '../../platform/pdf/template-files';
import { DomainError } from '../../shared/domain-error';
import {
  Veranstaltung,
  VeranstaltungEvent,
  VeranstaltungInhalt,
} from '../adapters/persistence/veranstaltung.entity';
import { Bescheinigung, PdfVorlage } from '../adapters/persistence/vorlagen.entity';
import {
  bescheinigungsDaten,
  passendeBescheinigung,
  pruefeBescheinigung,
  pruefeFreigabe,
} from '../domain/bescheinigung';
import { einladungsDaten, preisStaffel } from '../domain/seminareinladung';
import { besuchteEvents, type TeilnehmerZeile } from '../domain/teilnehmer';
import { ladeTeilnehmer, type SeminarTeilnehmer } from './teilnehmer';

export interface Dokument {
  name: string;
  pdf: Uint8Array;
}

/** Spec 003 §4: the template itself is not a document. */
const EINLADUNG_STANDARD = 'seminareinladung.hbs';

const dateiname = (...teile: (string | null | undefined)[]) =>
  `${teile
    .filter(Boolean)
    .join(' ')
    .replace(/[/\\:*?"<>|]+/g, '-')}.pdf`;

/** The seminar's dates a participant attended, in the seminar's order. */
function besuchteTermine<T extends { id: number }>(zeile: TeilnehmerZeile, termine: T[]): T[] {
  const besucht = new Set(besuchteEvents(zeile));
  return termine.filter((t) => besucht.has(t.id));
}

/** A document of many, written to a stream: its download name and its pages. */
export interface Sammeldokument {
  name: string;
  seiten: number;
}

function niemandTeilgenommen(titel: string, anzahl: number): void {
  if (anzahl === 0)
    throw DomainError.conflict('NIEMAND_TEILGENOMMEN', `Am Seminar „${titel}“ hat niemand teilgenommen.`);
}

/**
 * The documents of `zeilen` for the PDF port, reporting how many are done: the port renders and
 * writes one before it asks for the next, so a count reported here is written out already.
 */
async function* gemeldet<Z>(
  zeilen: Z[],
  melde: Melder,
  schritt: string,
  dokument: (zeile: Z) => Promise<PdfJob>,
): AsyncGenerator<PdfJob> {
  for (const [i, zeile] of zeilen.entries()) {
    await melde(i, zeilen.length, schritt);
    yield await dokument(zeile);
  }
  await melde(zeilen.length, zeilen.length, schritt);
}

/**
 * An invitation, as the HTTP schema let it through or as a stored PDF-Vorlage holds it; `data`
 * names the seminars (`veranstaltung_ids`, checked here for both) and fills the template.
 */
export interface EinladungsAuftrag {
  titel?: string | null;
  template_file?: string | null;
  data?: Record<string, unknown> | null;
}

@Injectable()
export class SeminarDokumente {
  constructor(
    private readonly dataSource: DataSource,
    private readonly pdf: PdfRenderer,
    private readonly templates: TemplateFiles,
    private readonly mitglieder: MitgliederAuskunft,
    private readonly buchungen: SeminarBuchungen,
  ) {}

  private heute() {
    return berlinDatum(new Date());
  }

  /** The template of a certificate record, named by its title in errors. */
  private vorlageVon(b: Bescheinigung): Promise<PdfTemplate> {
    return this.templates.load({
      area: 'bescheinigung',
      file: b.template_file,
      title: b.titel,
      field: fieldLabel('bescheinigung', 'template_file') ?? 'template_file',
    });
  }

  private async aktiveBescheinigungen() {
    return this.dataSource
      .getRepository(Bescheinigung)
      .find({ where: { aktiv: true }, order: { id: 'ASC' } });
  }

  /** The fitting certificate for one participant, or a 409 saying none fits. */
  private async bescheinigungFuer(t: SeminarTeilnehmer, zeile: TeilnehmerZeile, alle: Bescheinigung[]) {
    const gruppen = zeile.benutzer_id ? await this.mitglieder.gruppenVon(zeile.benutzer_id) : [];
    const b = passendeBescheinigung(alle, t.seminar, gruppen, this.heute());
    if (!b)
      throw DomainError.conflict(
        'KEINE_BESCHEINIGUNG',
        `Für das Seminar „${t.seminar.titel}“ passt keine aktive Bescheinigung.`,
      );
    return b;
  }

  /** `GET /node/api/bescheinigung/seminar_teilnehmer`: one participant's certificate. */
  async bescheinigung(veranstaltungId: number, benutzerId: number): Promise<Dokument> {
    const t = await ladeTeilnehmer(this.dataSource.manager, this.buchungen, veranstaltungId);
    const zeile = t.liste.find((z) => z.benutzer_id === benutzerId);
    if (!zeile)
      throw DomainError.notFound(
        'TEILNEHMER_NICHT_GEFUNDEN',
        `Benutzer ${benutzerId} ist für das Seminar „${t.seminar.titel}“ nicht angemeldet.`,
      );
    pruefeBescheinigung(t.seminar, zeile);
    const b = await this.bescheinigungFuer(t, zeile, await this.aktiveBescheinigungen());
    const pdf = await this.pdf.render(
      await this.vorlageVon(b),
      bescheinigungsDaten(b, t.seminar, t.events, zeile, this.heute()),
    );
    return { name: dateiname(b.titel, t.seminar.lg_id, zeile.nachname ?? zeile.anzeigename), pdf };
  }

  /**
   * All certificates of a seminar, of every participant who took part, as one PDF written to
   * `out`, reporting each one done. Refused before anything is written when the seminar has not
   * released them or nobody took part; the first template error stops the run (the caller
   * discards the output).
   */
  async bescheinigungen(
    veranstaltungId: number,
    out: Writable,
    melde: Melder = ohneFortschritt,
  ): Promise<Sammeldokument> {
    const t = await ladeTeilnehmer(this.dataSource.manager, this.buchungen, veranstaltungId);
    const teilgenommen = t.liste.filter((z) => z.teilnahme && z.benutzer_id !== null);
    pruefeFreigabe(t.seminar);
    niemandTeilgenommen(t.seminar.titel, teilgenommen.length);
    const alle = await this.aktiveBescheinigungen();
    const vorlagen = new Map<number, Promise<PdfTemplate>>();
    const heute = this.heute();
    const jobs = gemeldet(teilgenommen, melde, 'Bescheinigungen werden erstellt', async (zeile) => {
      const b = await this.bescheinigungFuer(t, zeile, alle);
      if (!vorlagen.has(b.id)) vorlagen.set(b.id, this.vorlageVon(b));
      return {
        template: await vorlagen.get(b.id)!,
        data: bescheinigungsDaten(b, t.seminar, t.events, zeile, heute),
      };
    });
    const seiten = await this.pdf.renderMerged(jobs, out);
    return { name: dateiname('Bescheinigungen', t.seminar.lg_id, t.seminar.titel), seiten };
  }

  /** The seminars of an invitation with what it shows of them, in the order given. */
  private async einladungsSeminare(ids: number[]) {
    const seminare = await this.dataSource.getRepository(Veranstaltung).find({ where: { id: In(ids) } });
    const fehlt = ids.find((id) => !seminare.some((s) => s.id === id));
    if (fehlt !== undefined)
      throw DomainError.notFound('SEMINAR_NICHT_GEFUNDEN', `Seminar ${fehlt} wurde nicht gefunden.`);
    const events = await this.dataSource.getRepository(VeranstaltungEvent).find({
      where: { veranstaltung_id: In(ids) },
      relations: { Veranstaltung_Ort: true, Veranstaltung_Referents: true },
      order: { datum: 'ASC', beginn: 'ASC', id: 'ASC' },
    });
    const inhalte = await this.dataSource
      .getRepository(VeranstaltungInhalt)
      .find({ where: { veranstaltung_id: In(ids) }, order: { id: 'ASC' } });
    return ids.map((id) => {
      const s = seminare.find((x) => x.id === id)!;
      return {
        id: s.id,
        titel: s.titel,
        lg_id: s.lg_id,
        anmeldeschluss: s.anmeldeschluss,
        data: s.data,
        preise: preisStaffel(s as unknown as Record<string, unknown>),
        inhalt: inhalte.find((i) => i.veranstaltung_id === id) ?? null,
        termine: events
          .filter((e) => e.veranstaltung_id === id)
          .map((e) => ({
            datum: e.datum,
            beginn: e.beginn,
            ende: e.ende,
            titel: e.titel,
            ort: e.Veranstaltung_Ort?.bezeichnung ?? null,
            sonstiges: e.sonstiges,
            referenten: e.Veranstaltung_Referents.map((r) =>
              [r.titel, r.vorname, r.nachname].filter(Boolean).join(' '),
            ),
          })),
      };
    });
  }

  /** `POST /node/api/pdf-vorlage/render` and the stored entries: the invitation of the chosen seminars. */
  async einladung(auftrag: EinladungsAuftrag): Promise<Dokument> {
    const data = auftrag.data ?? {};
    const ids = Array.isArray(data.veranstaltung_ids) ? data.veranstaltung_ids.map(Number) : [];
    if (ids.length === 0 || ids.some((id) => !Number.isSafeInteger(id) || id <= 0))
      throw DomainError.fields({ veranstaltung_ids: 'muss mindestens ein Seminar nennen' }, () => 'Seminare');
    const titel = auftrag.titel || 'Seminareinladung';
    const file = auftrag.template_file || EINLADUNG_STANDARD;
    const template = await this.templates.load({
      area: 'pdf-vorlage',
      file,
      title: titel,
      field: fieldLabel('pdf-vorlage', 'template_file') ?? 'template_file',
    });
    const { veranstaltung_ids: _ids, ...vorgaben } = data;
    const seminare = (await this.einladungsSeminare(ids)).map((s) => einladungsDaten(s, vorgaben));
    const pdf = await this.pdf.render(template, { titel, seminare });
    return { name: dateiname(titel, seminare.length === 1 ? seminare[0].lg_id : null), pdf };
  }

  /** `GET /node/api/pdf-vorlage/{id}/render`: a stored entry; its template type is refused (spec 003 §4). */
  async vorlage(id: number): Promise<Dokument> {
    const vorlage = await this.dataSource.getRepository(PdfVorlage).findOne({ where: { id } });
    if (!vorlage)
      throw DomainError.notFound('VORLAGE_NICHT_GEFUNDEN', `PDF-Vorlage ${id} wurde nicht gefunden.`);
    if (vorlage.typ === EINLADUNGS_VORLAGE)
      throw DomainError.conflict(
        'VORLAGE_NICHT_DRUCKBAR',
        `„${vorlage.titel}“ ist eine Vorlage (${EINLADUNGS_VORLAGE}) und kann nicht selbst erzeugt werden.`,
      );
    return this.einladung(vorlage);
  }

  /** The participants of a list document, numbered, with the template from the pdf-vorlage area. */
  private async liste(veranstaltungId: number, datei: string, titel: string, nurTeilnahme: boolean) {
    const t = await ladeTeilnehmer(this.dataSource.manager, this.buchungen, veranstaltungId);
    const teilnehmer = (nurTeilnahme ? t.liste.filter((z) => z.teilnahme) : t.liste).map((z, i) => ({
      ...z,
      nr: i + 1,
      name: [z.nachname, z.vorname].filter(Boolean).join(', ') || z.anzeigename,
    }));
    const template = await this.templates.load({
      area: 'pdf-vorlage',
      file: datei,
      title: titel,
      field: fieldLabel('pdf-vorlage', 'template_file') ?? 'template_file',
    });
    const termine = t.events.map((e) => ({
      id: e.id,
      datum: e.datum,
      beginn: e.beginn,
      ende: e.ende,
      titel: e.titel,
    }));
    /** The template's data, with the participants it shows. */
    const daten = (mit: typeof teilnehmer) => ({
      seminar: {
        titel: t.seminar.titel,
        lg_id: t.seminar.lg_id,
        beginn: t.seminar.beginn?.toISOString() ?? null,
        ende: t.seminar.ende?.toISOString() ?? null,
      },
      termine,
      teilnehmer: mit,
      anzahl: teilnehmer.length,
      stand: this.heute(),
    });
    return {
      seminar: t.seminar,
      teilnehmer,
      termine,
      template,
      daten,
      name: dateiname(titel, t.seminar.lg_id),
    };
  }

  /**
   * Verband 3: a letter to every participant of the whole seminar, one after another, written to
   * `out`. One rendering of the template over all of them: the letters share fonts and letterhead,
   * so the file stays small (rendered letter by letter and merged it grew twentyfold), and the
   * progress can only say when all letters are done.
   */
  async serienbrief(
    veranstaltungId: number,
    out: Writable,
    melde: Melder = ohneFortschritt,
  ): Promise<Sammeldokument> {
    const l = await this.liste(veranstaltungId, 'serienbrief.hbs', 'Serienbrief', true);
    niemandTeilgenommen(l.seminar.titel, l.teilnehmer.length);
    const anschriften = await this.mitglieder.postanschriften(
      l.teilnehmer.flatMap((z) => (z.benutzer_id === null ? [] : [z.benutzer_id])),
    );
    // Each letter names the participant's address and the dates they attended, not the seminar's first.
    const briefe = l.teilnehmer.map((z) => ({
      ...z,
      anschrift: (z.benutzer_id !== null && anschriften.get(z.benutzer_id)) || [],
      termine: besuchteTermine(z, l.termine),
    }));
    const schritt = 'Briefe werden erstellt';
    await melde(0, l.teilnehmer.length, schritt);
    const seiten = await this.pdf.renderMerged(
      (async function* () {
        yield { template: l.template, data: l.daten(briefe) };
      })(),
      out,
    );
    await melde(l.teilnehmer.length, l.teilnehmer.length, schritt);
    return { name: l.name, seiten };
  }

  /** Verband 2: all booked participants in a table. */
  async teilnehmeruebersicht(veranstaltungId: number): Promise<Dokument> {
    const l = await this.liste(veranstaltungId, 'teilnehmeruebersicht.hbs', 'Teilnehmerübersicht', false);
    return { name: l.name, pdf: await this.pdf.render(l.template, l.daten(l.teilnehmer)) };
  }
}
