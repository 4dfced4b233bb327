/**
 * Payment options beyond the generic API (spec 002 §7): the save rules of domain/bezahloption.ts
 * with the owners of the named address and accounts looked up, one option per member and
 * category object, `GET …/multiple` and `DELETE …?benutzer_id&category&category_id`.
 */
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, type EntityTarget, type ObjectLiteral } from 'typeorm';
import { AuditTrail, type Actor } from '../../platform/audit/audit-trail';
import { auditChanges } from '../../platform/audit/audit-changes';
import type { Row } from '../../platform/resources/resource-definition';
import { DomainError } from '../../shared/domain-error';
import { RwBezahloption } from '../adapters/persistence/rw-bezahloption.entity';
import { bezahloptionDoppelt, pruefeBezahloption, type Eigentuemer } from '../domain/bezahloption';
import { isKategorie, KATEGORIE_ID_FELD, kategorieObjekt } from '../domain/kategorie';

/** The fields naming an address or account, with the association that reaches its record. */
const BESITZ: Record<keyof Eigentuemer, string> = {
  benutzer_adresse_id: 'Benutzer_Adresse',
  benutzer_konto_id: 'Benutzer_Konto',
  neg_benutzer_konto_id: 'Neg_Benutzer_Konto',
};

/** The member an address or account belongs to, read through the payment option's association. */
async function besitzer(manager: EntityManager, relation: string, id: number): Promise<number | null> {
  const ziel = manager.connection
    .getMetadata(RwBezahloption)
    .relations.find((r) => r.propertyName === relation)!.inverseEntityMetadata
    .target as EntityTarget<ObjectLiteral>;
  const zeile = await manager.findOne(ziel, { where: { id }, select: { id: true, benutzer_id: true } });
  return zeile ? Number(zeile.benutzer_id) : null;
}

/** The beforeSave rule of rw-bezahloption. */
export async function pruefeBezahloptionSpeichern(manager: EntityManager, values: Row, previous?: Row) {
  const option = { ...previous, ...values };
  const eigentuemer: Eigentuemer = {};
  for (const [feld, relation] of Object.entries(BESITZ) as [keyof Eigentuemer, string][]) {
    const id = option[feld];
    if (typeof id === 'number') eigentuemer[feld] = await besitzer(manager, relation, id);
  }
  pruefeBezahloption(option, eigentuemer);
  if (!isKategorie(option.category)) return;
  const feld = KATEGORIE_ID_FELD[option.category];
  const doppelt = await manager
    .createQueryBuilder(RwBezahloption, 'o')
    .where('o.benutzer_id = :benutzer', { benutzer: option.benutzer_id })
    .andWhere('o.category = :category', { category: option.category })
    .andWhere(`o.${feld} = :objekt`, { objekt: option[feld] })
    .andWhere('o.id <> :id', { id: previous?.id ?? 0 })
    .getExists();
  if (doppelt) throw bezahloptionDoppelt();
}

/** `where` of `GET …/multiple`: the category and its id field (spec 002 §7). */
function objektAusWhere(where: unknown) {
  let werte: unknown = where;
  if (typeof where === 'string') {
    try {
      werte = JSON.parse(where);
    } catch {
      throw DomainError.invalid('INVALID_WHERE', 'Parameter „where“ ist kein gültiges JSON.');
    }
  }
  const w = (typeof werte === 'object' && werte !== null ? werte : {}) as Row;
  const feld = isKategorie(w.category) ? KATEGORIE_ID_FELD[w.category] : undefined;
  return kategorieObjekt({ category: w.category, category_id: feld ? w[feld] : undefined });
}

@Injectable()
export class Bezahloptionen {
  constructor(
    private readonly dataSource: DataSource,
    private readonly audit: AuditTrail,
  ) {}

  /** The members with a payment option for one category object, and whether scripts go by post. */
  mehrere(where: unknown): Promise<Pick<RwBezahloption, 'benutzer_id' | 'skript_per_post'>[]> {
    const objekt = objektAusWhere(where);
    return this.dataSource.getRepository(RwBezahloption).find({
      select: { id: true, benutzer_id: true, skript_per_post: true },
      where: { category: objekt.category, [objekt.feld]: objekt.id },
      order: { benutzer_id: 'ASC' },
    });
  }

  /** Removes the member's payment option for the object; answers how many went (0 or 1). */
  loeschen(query: Row, actor: Actor | null): Promise<{ deleted: number }> {
    const objekt = kategorieObjekt(query);
    const benutzer = Number(query.benutzer_id);
    if (!Number.isSafeInteger(benutzer) || benutzer <= 0)
      throw DomainError.invalid('BENUTZER_FEHLT', '„benutzer_id“ muss die ID eines Mitglieds sein.');
    return this.dataSource.transaction(async (manager) => {
      const optionen = await manager.find(RwBezahloption, {
        where: { benutzer_id: benutzer, category: objekt.category, [objekt.feld]: objekt.id },
      });
      for (const option of optionen) {
        await manager.delete(RwBezahloption, option.id);
        await this.audit.record(manager, {
          actor,
          resource: 'rw-bezahloption',
          recordId: option.id,
          action: 'delete',
          changes: auditChanges({ ...option }, null),
        });
      }
      return { deleted: optionen.length };
    });
  }
}
