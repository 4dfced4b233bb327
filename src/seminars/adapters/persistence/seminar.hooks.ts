/**
 * Glue between the generic resource engine and the seminar rules (issue 10): every save of a
 * seminar or event through /node/api/veranstaltung and /veranstaltung-event loads what the rules
 * need (type, seminar, content, events) in the save's transaction and applies them; a new
 * seminar takes its debtor number from billing; nothing with bookings is deleted. Every save is
 * announced (`termin.gespeichert`).
 */
import { resourceLabel } from '../../../../common/vocabulary';
import { SeminarBuchungen } from '../../../billing/application/ports/seminar-buchungen';
import { alsTransaktion } from '../../../platform/database/transaktion';
import { Ereignisbus } from '../../../platform/events/ereignisbus';
import type { ResourceHooks, Row } from '../../../platform/resources/resource-definition';
import { DomainError } from '../../../shared/domain-error';
import { eventSpeichern, seminarSpeichern } from '../../domain/seminar-regeln';
import { seminarZeitraum } from '../../domain/termin';
import { aktualisiereSeminarZeitraum } from './seminar-zeitraum';
import { VeranstaltungTyp } from './veranstaltung-lookups.entity';
import { Veranstaltung, VeranstaltungEvent, VeranstaltungInhalt } from './veranstaltung.entity';

/** The value after the save: the new one when present, otherwise the stored one. */
const nachher = (values: Row, previous: Row | undefined, name: string): unknown =>
  values[name] !== undefined ? values[name] : previous?.[name];

/** A reference to a record that does not exist, as the download upload words it. */
const fehlt = (feld: string, resource: string, id: unknown) =>
  DomainError.fields({
    [feld]: `verweist auf keinen vorhandenen Eintrag (${resourceLabel(resource)?.singular ?? resource} ${String(id)})`,
  });

export const seminarHooks: ResourceHooks = {
  async beforeSave(values, { manager, previous, dienst }) {
    const typId = nachher(values, previous, 'veranstaltung_typ_id') as number | null | undefined;
    const typ = typId == null ? null : await manager.findOne(VeranstaltungTyp, { where: { id: typId } });
    if (typId != null && !typ) throw fehlt('veranstaltung_typ_id', 'veranstaltung-typ', typId);
    // Only hand-edited dates are checked against the events; the events' own saves move them.
    const datenGeaendert = previous && (values.beginn !== undefined || values.ende !== undefined);
    const events = datenGeaendert
      ? seminarZeitraum(
          await manager.find(VeranstaltungEvent, {
            select: { datum: true, beginn: true, ende: true },
            where: { veranstaltung_id: previous.id as number },
          }),
        )
      : null;
    Object.assign(values, seminarSpeichern(previous, values, { typ, events }));
    if (!previous && typ?.rw_debitor_kreis_id != null)
      values.debitor = await dienst(SeminarBuchungen).naechsteDebitorNummer(
        alsTransaktion(manager),
        typ.rw_debitor_kreis_id,
      );
  },
  async afterSave(saved, { manager, dienst }) {
    await dienst(Ereignisbus).melden(
      'termin.gespeichert',
      { veranstaltung_id: saved.id as number, veranstaltung_event_id: null },
      alsTransaktion(manager),
    );
  },
  async beforeDelete(record, { manager, dienst }) {
    const buchungen = dienst(SeminarBuchungen);
    if ((await buchungen.buchungenZuSeminar(alsTransaktion(manager), record.id as number)) > 0)
      throw DomainError.conflict(
        'SEMINAR_HAT_BUCHUNGEN',
        'Seminar hat Buchungen und kann nicht gelöscht werden',
      );
  },
};

export const eventHooks: ResourceHooks = {
  async beforeSave(values, { manager, previous }) {
    const seminarId = nachher(values, previous, 'veranstaltung_id') as number | null | undefined;
    const seminar =
      seminarId == null
        ? null
        : await manager.findOne(Veranstaltung, {
            select: { id: true, nicht_gesamt_buchbar: true },
            where: { id: seminarId },
          });
    if (seminarId != null && !seminar) throw fehlt('veranstaltung_id', 'veranstaltung', seminarId);
    const inhaltId = values.veranstaltung_inhalt_id;
    const inhaltGewechselt = inhaltId != null && inhaltId !== previous?.veranstaltung_inhalt_id;
    const inhalt = inhaltGewechselt
      ? await manager.findOne(VeranstaltungInhalt, { where: { id: inhaltId as number } })
      : null;
    if (inhaltGewechselt && !inhalt) throw fehlt('veranstaltung_inhalt_id', 'veranstaltung-inhalt', inhaltId);
    Object.assign(values, eventSpeichern(previous, values, { seminar, inhalt }));
  },
  async afterSave(saved, { manager, previous, dienst }) {
    await aktualisiereSeminarZeitraum(manager, Number(saved.veranstaltung_id));
    if (previous && previous.veranstaltung_id !== saved.veranstaltung_id)
      await aktualisiereSeminarZeitraum(manager, Number(previous.veranstaltung_id));
    await dienst(Ereignisbus).melden(
      'termin.gespeichert',
      { veranstaltung_id: Number(saved.veranstaltung_id), veranstaltung_event_id: saved.id as number },
      alsTransaktion(manager),
    );
  },
  async beforeDelete(record, { manager, dienst }) {
    const buchungen = dienst(SeminarBuchungen);
    if ((await buchungen.buchungenZuEvent(alsTransaktion(manager), record.id as number)) > 0)
      throw DomainError.conflict(
        'VERANSTALTUNG_HAT_BUCHUNGEN',
        'Veranstaltung hat Buchungen und kann nicht gelöscht werden',
      );
    await aktualisiereSeminarZeitraum(manager, Number(record.veranstaltung_id), Number(record.id));
  },
};
