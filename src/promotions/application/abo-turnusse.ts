/**
 * The Turnus timeline's verbs beyond the generic save (spec 003 §4, §7): a seminar or an event
 * removed from a period, audited on the period.
 */
import { Injectable } from '@nestjs/common';
import type { Actor } from '../../platform/audit/audit-trail';
import { auditChanges } from '../../platform/audit/audit-changes';
import { labelFor } from '../../../common/vocabulary';
import type { Transaktion } from '../../platform/database/transaktion';
import { DomainError } from '../../shared/domain-error';
import { eurosToCents } from '../../shared/money';
import { periodeAm } from '../domain/abo-turnus';
import { ERSTER_TURNUS_VORGABEN } from '../../../common/abo';
import { pruefeTurnus } from '../domain/regeln';
import { AboSpeicher } from './ports/abo-speicher';

const FELD = { seminar: 'veranstaltung_id', event: 'veranstaltung_event_id' } as const;
const NAME = { seminar: 'Das Seminar', event: 'Die Veranstaltung' } as const;

const istTag = (wert: unknown): wert is string =>
  typeof wert === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(wert) && !Number.isNaN(Date.parse(wert));

@Injectable()
export class AboTurnusse {
  constructor(private readonly speicher: AboSpeicher) {}

  /**
   * A new Abo's first period, entered in the same form (spec 003 §3): preis, mwst, preisgarantie,
   * verlaengerung, kuendigungsfrist (defaults of §9) and `fromDate`, whose period it is — in the
   * Abo's save transaction, so the Abo is not stored without it. Errors name `erster_turnus.{feld}`.
   */
  async ersterTurnus(tx: Transaktion, aboId: number, eingabe: unknown, actor: Actor | null): Promise<number> {
    const roh = (typeof eingabe === 'object' && eingabe !== null ? eingabe : {}) as Record<string, unknown>;
    const werte: Record<string, unknown> = { ...ERSTER_TURNUS_VORGABEN };
    for (const feld of Object.keys(ERSTER_TURNUS_VORGABEN))
      if (roh[feld] !== undefined) werte[feld] = roh[feld];
    const fehler: Record<string, string> = {};
    for (const feld of ['preis', 'mwst', 'preisgarantie', 'verlaengerung', 'kuendigungsfrist'])
      if (werte[feld] !== null && typeof werte[feld] !== 'number') fehler[feld] = 'muss eine Zahl sein';
    if (!istTag(roh.fromDate)) fehler.fromDate = 'ist ein Pflichtfeld (Datum JJJJ-MM-TT)';
    if (Object.keys(fehler).length === 0) {
      try {
        pruefeTurnus(werte);
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        Object.assign(fehler, error.errors);
      }
    }
    if (Object.keys(fehler).length > 0)
      throw DomainError.fields(
        Object.fromEntries(Object.entries(fehler).map(([feld, text]) => [`erster_turnus.${feld}`, text])),
        (feld) => labelFor('wb-abo', feld),
      );
    const t = this.speicher.in(tx);
    const abo = await t.abo(aboId);
    if (!abo) throw DomainError.notFound('ABO_NICHT_GEFUNDEN', `Abo ${aboId} wurde nicht gefunden.`);
    const periode = periodeAm(abo, roh.fromDate as string);
    const turnus = {
      wb_abo_id: aboId,
      preis: eurosToCents(werte.preis as number),
      mwst: werte.mwst as number | null,
      preisgarantie: werte.preisgarantie as number,
      verlaengerung: werte.verlaengerung as number,
      kuendigungsfrist: werte.kuendigungsfrist as number,
    };
    const id = await t.turnusAnlegen({ ...turnus, ...periode, id: 0, pause: false }, periode);
    await t.protokolliere({
      actor,
      resource: 'wb-abo-turnus',
      recordId: id,
      action: 'create',
      changes: auditChanges(null, { ...turnus, preis: werte.preis, ...periode }),
    });
    return id;
  }

  /** DELETE wb-abo-turnus/{id}/veranstaltung or …/event: 404 when the period or the link is missing. */
  entfernen(
    turnusId: number,
    art: 'seminar' | 'event',
    id: number,
    actor: Actor | null,
  ): Promise<{ removed: 1 }> {
    return this.speicher.transaktion(async (tx) => {
      if (!(await tx.turnusGesperrt(turnusId)))
        throw DomainError.notFound('TURNUS_NICHT_GEFUNDEN', `Turnus ${turnusId} wurde nicht gefunden.`);
      if (!(await tx.verknuepfungEntfernen(turnusId, art, id)))
        throw DomainError.notFound(
          'TURNUS_VERKNUEPFUNG_FEHLT',
          `${NAME[art]} ${id} gehört nicht zu diesem Turnus.`,
        );
      await tx.protokolliere({
        actor,
        resource: 'wb-abo-turnus',
        recordId: turnusId,
        action: 'update',
        changes: auditChanges({ [FELD[art]]: id }, { [FELD[art]]: null }),
      });
      return { removed: 1 as const };
    });
  }
}
