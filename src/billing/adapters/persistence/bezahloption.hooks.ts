/**
 * The beforeSave rule of rw-bezahloption (an adapter of the generic engine): the save rules of
 * domain/bezahloption.ts with the owners of the named address and accounts looked up, and one
 * option per member and category object.
 */
import type { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';
import type { Row } from '../../../platform/resources/resource-definition';
import { bezahloptionDoppelt, pruefeBezahloption, type Eigentuemer } from '../../domain/bezahloption';
import { isKategorie, KATEGORIE_ID_FELD } from '../../domain/kategorie';
import { RwBezahloption } from './rw-bezahloption.entity';

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
