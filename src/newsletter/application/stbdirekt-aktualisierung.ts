/**
 * The StBdirekt content refresh of the newsletter window (spec 002 §6, academy only): the current
 * contents from the StBdirekt service, cut to the template's content scheme, for the Inhalte tab.
 * A failing service is logged here; the window ignores it (spec 002 §8).
 */
import { Injectable, Logger } from '@nestjs/common';
import { leseContentScheme } from '../../../common/newsletter';
import { DomainError } from '../../shared/domain-error';
import { stbdirektInhalt } from '../domain/stbdirekt';
import { NewsletterBestand } from './ports/newsletter-bestand';
import { StbdirektInhalte } from './ports/stbdirekt-inhalte';

/** Spec 002 §6: only the academy has StBdirekt contents. */
export const STBDIREKT_VERBAND = 2;

const fehlgeschlagen = () =>
  DomainError.conflict('STBDIREKT_FEHLER', 'Die StBdirekt-Inhalte konnten nicht geladen werden.');

@Injectable()
export class StbdirektAktualisierung {
  private readonly logger = new Logger('StBdirekt');

  constructor(
    private readonly bestand: NewsletterBestand,
    private readonly stbdirekt: StbdirektInhalte,
  ) {}

  verfuegbar(verband: number | null | undefined): boolean {
    return verband === STBDIREKT_VERBAND && this.stbdirekt.konfiguriert;
  }

  async inhalt(vorlageId: number, verband: number | null | undefined): Promise<{ json_content: unknown }> {
    if (verband !== STBDIREKT_VERBAND)
      throw DomainError.conflict('STBDIREKT_NUR_AKADEMIE', 'StBdirekt-Inhalte gibt es nur für die Akademie.');
    if (!this.stbdirekt.konfiguriert)
      throw DomainError.conflict('STBDIREKT_NICHT_EINGERICHTET', 'StBdirekt ist nicht eingerichtet.');
    const vorlage = await this.bestand.vorlage(vorlageId);
    if (!vorlage)
      throw DomainError.notFound('VORLAGE_FEHLT', `Die Vorlage ${vorlageId} wurde nicht gefunden.`);
    if (vorlage.external_data_type !== 'StBdirekt')
      throw DomainError.conflict('KEINE_STBDIREKT_VORLAGE', 'Die Vorlage bezieht keine StBdirekt-Inhalte.');
    const scheme =
      vorlage.json_content_scheme == null ? null : leseContentScheme(vorlage.json_content_scheme);
    if (!scheme?.ok)
      throw DomainError.conflict('VORLAGE_OHNE_SCHEMA', 'Die Vorlage hat kein gültiges Inhaltsschema.');
    let antwort: Record<string, unknown>;
    try {
      antwort = await this.stbdirekt.inhalte();
    } catch (error) {
      this.logger.warn(`Abruf fehlgeschlagen: ${(error as Error).message}`);
      throw fehlgeschlagen();
    }
    const inhalt = stbdirektInhalt(scheme.wert, antwort);
    if (!inhalt.ok) {
      this.logger.warn(`Antwort passt nicht zur Vorlage ${vorlageId}: ${inhalt.fehler}`);
      throw fehlgeschlagen();
    }
    return { json_content: inhalt.json_content };
  }
}
