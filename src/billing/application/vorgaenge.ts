/**
 * The booking transactions' verbs (spec 002 §4, §7): change (a new version), verify, cancel,
 * revert and verify all of a category object. Each runs in one transaction with the transaction
 * row locked, applies the rules of domain/vorgang.ts and writes the audit trail in the same
 * transaction; the seminars' participant counts follow (buchungGeaendert).
 */
import { Injectable } from '@nestjs/common';
import type { Actor } from '../../platform/audit/audit-trail';
import { auditChanges } from '../../platform/audit/audit-changes';
import { Ereignisbus } from '../../platform/events/ereignisbus';
import type { Row } from '../../platform/resources/resource-definition';
import { ResourceReader } from '../../platform/resources/resource-reader';
import { ResourceRegistry } from '../../platform/resources/resource-registry';
import { labelled, ResourceWriter, STALE_RECORD } from '../../platform/resources/resource-writer';
import { DomainError } from '../../shared/domain-error';
import { buchungAktiv, buchungsZiel } from '../../shared/ereignisse';
import { kategorieObjekt } from '../domain/kategorie';
import {
  neueVersion,
  pruefeAenderung,
  pruefeBetrag,
  pruefeLoeschung,
  pruefeStornierung,
  pruefeVerifizierung,
  pruefeVerifizierungsAenderung,
  zuruecksetzen,
} from '../domain/vorgang';
import { Abrechnungsspeicher, type BillingTx, type Buchungsvorgang } from './ports/abrechnungsspeicher';

const RESOURCE = 'rw-transaction';

@Injectable()
export class Vorgaenge {
  constructor(
    private readonly speicher: Abrechnungsspeicher,
    private readonly ereignisse: Ereignisbus,
    private readonly registry: ResourceRegistry,
    private readonly reader: ResourceReader,
    private readonly writer: ResourceWriter,
  ) {}

  private get definition() {
    return this.registry.get(RESOURCE);
  }

  private async sperren(tx: BillingTx, id: number): Promise<Buchungsvorgang> {
    const t = await tx.vorgangGesperrt(id);
    if (!t) throw DomainError.notFound('NOT_FOUND', `Vorgang ${id} wurde nicht gefunden.`);
    return t;
  }

  private protokolliere(
    tx: BillingTx,
    actor: Actor | null,
    id: number,
    action: string,
    before: Row | null,
    after: Row | null,
  ) {
    return tx.protokolliere({
      actor,
      resource: RESOURCE,
      recordId: id,
      action,
      changes: auditChanges(before, after),
    });
  }

  /** The seminars' participant counts follow (they listen to `buchung.geaendert`). */
  private melden(tx: BillingTx, vorgaenge: Row[], geloescht?: number) {
    return this.ereignisse.melden(
      'buchung.geaendert',
      { ziele: vorgaenge.map(buchungsZiel), ...(geloescht === undefined ? {} : { geloescht }) },
      tx.transaktion,
    );
  }

  /**
   * PUT: verifying or cancelling changes the current version in place; any other change writes a
   * new version and answers it. Answers the transaction as it stands afterwards.
   */
  async aendern(id: number, body: Row, actor: Actor | null): Promise<Row> {
    const aktuelleId = await this.speicher.transaktion((tx) => this.aendernIn(tx, id, body, actor));
    return this.reader.get(this.definition, aktuelleId);
  }

  /** PUT's change in the caller's transaction `tx`; answers the id of the version now current. */
  aendernIn(tx: BillingTx, id: number, body: Row, actor: Actor | null): Promise<number> {
    return labelled(this.definition, async () => {
      const werte = this.writer.values(this.definition, body, false);
      const t = await this.sperren(tx, id);
      if (body.version != null && Number(body.version) !== t.version)
        throw DomainError.conflict('STALE_RECORD', STALE_RECORD);
      const vorher = { ...t } as Row;
      const geaendert = Object.keys(auditChanges(vorher, { ...vorher, ...werte }));
      if (geaendert.length === 0) return id;
      if (geaendert.includes('storno')) {
        if (geaendert.length > 1) {
          throw DomainError.conflict(
            'STORNO_ALLEIN',
            'Ein Vorgang wird ohne weitere Änderungen storniert oder wiederhergestellt.',
          );
        }
        if (werte.storno === true) {
          pruefeStornierung(t);
          return this.inPlace(tx, actor, t, { storno: true }, 'storno');
        }
        // Lifting a cancellation is reverting it, under the same rules.
        zuruecksetzen(t);
        return this.inPlace(tx, actor, t, { storno: false }, 'update');
      }
      if (geaendert.length === 1 && geaendert[0] === 'verifiziert') {
        pruefeVerifizierungsAenderung(t);
        pruefeVerifizierung(werte, vorher);
        return this.inPlace(tx, actor, t, { verifiziert: werte.verifiziert === true }, 'update');
      }
      return this.versionIn(tx, t, werte, actor);
    });
  }

  /**
   * A change of `t` (locked by the caller) as a new version in `tx`, under the rules of
   * domain/vorgang.ts; answers the new version's id.
   */
  async versionIn(tx: BillingTx, t: Buchungsvorgang, werte: Row, actor: Actor | null): Promise<number> {
    const vorher = { ...t } as Row;
    pruefeAenderung(t);
    pruefeBetrag(werte.betrag);
    pruefeVerifizierung(werte, vorher);
    const neu = neueVersion({ ...t }, werte);
    const neueId = await tx.vorgangEinfuegen(neu);
    await tx.vorgaengeAendern([t.id], { child_id: neueId });
    await this.melden(tx, [neu, vorher]);
    await this.protokolliere(tx, actor, neueId, 'create', null, { ...neu, id: neueId });
    await this.protokolliere(tx, actor, t.id, 'update', vorher, { ...vorher, child_id: neueId });
    return neueId;
  }

  /** Deletes `t` (locked by the caller) in `tx`: only an unsettled first version (pruefeLoeschung). */
  async loeschenIn(tx: BillingTx, t: Buchungsvorgang, actor: Actor | null): Promise<void> {
    pruefeLoeschung(t);
    await tx.vorgangLoeschen(t.id);
    await this.melden(tx, [t as unknown as Row], t.id);
    // The booking ends: its voucher is given back.
    await this.ereignisse.melden('buchung.aktiv', buchungAktiv(t, false, actor), tx.transaktion);
    await this.protokolliere(tx, actor, t.id, 'delete', { ...t } as Row, null);
  }

  private async inPlace(
    tx: BillingTx,
    actor: Actor | null,
    t: Buchungsvorgang,
    werte: { storno?: boolean; verifiziert?: boolean },
    action: string,
  ): Promise<number> {
    const vorher = { ...t } as Row;
    await tx.vorgaengeAendern([t.id], werte);
    // Only a cancellation changes who takes part; verifying leaves the participant counts alone.
    if (werte.storno !== undefined) {
      await this.melden(tx, [vorher]);
      // Its voucher is given back, or taken up again when the cancellation is lifted.
      await this.ereignisse.melden('buchung.aktiv', buchungAktiv(t, !werte.storno, actor), tx.transaktion);
    }
    await this.protokolliere(tx, actor, t.id, action, vorher, { ...vorher, ...werte });
    return t.id;
  }

  /** DELETE …/{id}/revert: undoes the last step; answers the transaction now current. */
  async zuruecksetzen(id: number, actor: Actor | null): Promise<Row> {
    const aktuelleId = await this.speicher.transaktion(async (tx) => {
      const t = await this.sperren(tx, id);
      const vorher = { ...t } as Row;
      if (zuruecksetzen(t) === 'storno-aufheben') {
        return this.inPlace(tx, actor, t, { storno: false }, 'update');
      }
      const vorige = await tx.vorigeVersionGesperrt(id);
      if (!vorige)
        throw DomainError.conflict('KEINE_VORIGE_VERSION', 'Der Vorgang hat keine frühere Version.');
      await tx.vorgaengeAendern([vorige.id], { child_id: null });
      await tx.vorgangLoeschen(t.id);
      await this.melden(tx, [vorher, { ...vorige }], t.id);
      await this.protokolliere(tx, actor, t.id, 'delete', vorher, null);
      await this.protokolliere(tx, actor, vorige.id, 'update', { ...vorige }, { ...vorige, child_id: null });
      return vorige.id;
    });
    return this.reader.get(this.definition, aktuelleId);
  }

  /**
   * POST …/setAllVerifiziert: verifies every current, unverified transaction of the category
   * object that no invoice has settled yet (pruefeVerifizierungsAenderung); answers them.
   */
  async alleVerifizieren(
    body: { category?: string; category_id?: number },
    actor: Actor | null,
  ): Promise<Buchungsvorgang[]> {
    const objekt = kategorieObjekt(body);
    const ids = await this.speicher.transaktion(async (tx) => {
      const offen = await tx.offeneVorgaengeGesperrt(objekt, { verifiziert: false, locked: false });
      for (const t of offen) await this.inPlace(tx, actor, t, { verifiziert: true }, 'update');
      return offen.map((t) => t.id);
    });
    return this.speicher.lesen().vorgaenge(ids);
  }
}
