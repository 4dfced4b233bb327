/**
 * Glue between the generic resource engine and the newsletter rules (issue 14): every save of a
 * sender, template, newsletter or news item through /node/api loads what the rules need in the
 * save's transaction and applies them. Groups are asked of membership through what it offers.
 */
import { IsNull, Not, type EntityManager } from 'typeorm';
import { emailFehler } from '../../../../common/email';
import { leseContentScheme } from '../../../../common/newsletter';
import { labelFor } from '../../../../common/vocabulary';
import { MitgliederAuskunft } from '../../../membership/application/ports/mitglieder-auskunft';
import { StaffDirectory } from '../../../platform/auth/staff-directory';
import type { ResourceHooks, Row } from '../../../platform/resources/resource-definition';
import { DomainError } from '../../../shared/domain-error';
import { newsletterInhalt, pruefeGruppen, pruefeNewsletterloeschung } from '../../domain/newsletter';
import { farbschemaFehler, newsDaten } from '../../domain/news';
import { sicheresHtml } from '../../domain/sicheres-html';
import { dispatcherInfo, dispatcherTyp } from '../../domain/versand';
import { autoGruppen, vorlageSpeichern } from '../../domain/vorlage';
import { NewsletterDispatcher } from './newsletter-dispatcher.entity';
import { NewsletterVorlage } from './newsletter-vorlage.entity';

/** The value after the save: the new one when present, otherwise the stored one. */
const nachher = (values: Row, previous: Row | undefined, name: string): unknown =>
  values[name] !== undefined ? values[name] : previous?.[name];

export const absenderHooks: ResourceHooks = {
  beforeSave(values) {
    const fehler: Record<string, string> = {};
    for (const feld of ['email', 'reply_to']) {
      const adresse = values[feld];
      const meldung = typeof adresse === 'string' && adresse.trim() !== '' ? emailFehler(adresse) : null;
      if (meldung) fehler[feld] = `ist ungültig (${meldung})`;
      else if (typeof adresse === 'string') values[feld] = adresse.trim() || null;
    }
    if (Object.keys(fehler).length) throw DomainError.fields(fehler);
  },
};

export const vorlageHooks: ResourceHooks = {
  async beforeSave(values, { dienst }) {
    const { versand, ausschluss } = autoGruppen(values.data as Row | null);
    const gruppen = await dienst(MitgliederAuskunft).vorhandeneGruppen([...versand, ...ausschluss]);
    Object.assign(values, vorlageSpeichern(values, gruppen));
  },
};

/** The stored group links of a newsletter, for a save that replaces only one of the lists. */
async function gespeicherteGruppen(manager: EntityManager, tabelle: string, id: unknown): Promise<number[]> {
  if (id == null) return [];
  const rows: { id: unknown }[] = await manager.query(
    `SELECT benutzer_gruppe_id AS id FROM ${tabelle} WHERE newsletter_id = ?`,
    [id],
  );
  return rows.map((row) => Number(row.id));
}

async function contentScheme(manager: EntityManager, vorlageId: unknown) {
  if (vorlageId == null) return null;
  const vorlage = await manager.findOne(NewsletterVorlage, { where: { id: Number(vorlageId) } });
  if (!vorlage)
    throw DomainError.fields({
      newsletter_vorlagen_id: `verweist auf keine vorhandene Vorlage (${String(vorlageId)})`,
    });
  if (vorlage.json_content_scheme == null) return null;
  const scheme = leseContentScheme(vorlage.json_content_scheme);
  return scheme.ok ? scheme.wert : null;
}

export const newsletterHooks: ResourceHooks = {
  async beforeSave(values, { manager, dienst, previous, links }) {
    const versand =
      links?.Benutzer_Gruppes ??
      (await gespeicherteGruppen(manager, 'newsletter_benutzer_gruppe', previous?.id));
    const ausschluss =
      links?.Ausschluss_Gruppes ??
      (await gespeicherteGruppen(manager, 'newsletter_ausschluss_gruppe', previous?.id));
    pruefeGruppen(
      versand,
      ausschluss,
      await dienst(MitgliederAuskunft).vorhandeneGruppen([...versand, ...ausschluss]),
    );
    const vorlageGewechselt =
      values.newsletter_vorlagen_id !== undefined &&
      values.newsletter_vorlagen_id !== previous?.newsletter_vorlagen_id;
    const json_content = values.json_content ?? (vorlageGewechselt ? previous?.json_content : undefined);
    const scheme = await contentScheme(manager, nachher(values, previous, 'newsletter_vorlagen_id'));
    Object.assign(values, newsletterInhalt({ json_content, body: values.body }, scheme, sicheresHtml));
  },
  async beforeDelete(record, { manager }) {
    // Issue 31: a dispatch begun or sent keeps its log as long as the newsletter exists.
    pruefeNewsletterloeschung(
      await manager.count(NewsletterDispatcher, {
        where: [
          { newsletter_id: record.id as number, versendet: true },
          { newsletter_id: record.id as number, empfaenger_time: Not(IsNull()) },
        ],
      }),
    );
  },
};

export const newsHooks: ResourceHooks = {
  async beforeSave(values, { previous, userId, dienst }) {
    if (!values.data || typeof values.data !== 'object' || Array.isArray(values.data)) return;
    values.data = newsDaten(values.data as Row, sicheresHtml);
    const theme = (values.data as Row).theme;
    // Checked when chosen, so that an older item keeps its theme through other edits; jobs choose none.
    if (userId === null || theme === ((previous?.data ?? {}) as Row).theme) return;
    const verband = (await dienst(StaffDirectory).findActive(userId))?.verband;
    const fehler = farbschemaFehler(theme, verband);
    if (fehler) throw DomainError.fields({ 'data.theme': fehler }, (feld) => labelFor('news', feld));
  },
};

/**
 * Every dispatch saved through the API (staff's window, outside callers) gets its Art and Info
 * (issue 32): an Art not given follows who made it, the Info is always the server's sentence.
 */
export const dispatcherHooks: ResourceHooks = {
  beforeSave(values, { previous }) {
    const wert = (name: string) => nachher(values, previous, name);
    values.typ = wert('typ') ?? dispatcherTyp(Boolean(wert('auto_dispatcher')));
    values.info = dispatcherInfo({
      versendet: Boolean(wert('versendet')),
      versand_time: (wert('versand_time') as Date | string | null | undefined) ?? null,
      total: Number(wert('total') ?? 0),
      sent: Number(wert('sent') ?? 0),
      failed: Number(wert('failed') ?? 0),
    });
  },
};
