/**
 * Payment options beyond the generic API (spec 002 §7): `GET …/multiple` and
 * `DELETE …?benutzer_id&category&category_id` (the save rules: adapters/persistence/bezahloption.hooks.ts).
 */
import { Injectable } from '@nestjs/common';
import type { Actor } from '../../platform/audit/audit-trail';
import { auditChanges } from '../../platform/audit/audit-changes';
import type { Row } from '../../platform/resources/resource-definition';
import { DomainError } from '../../shared/domain-error';
import { isKategorie, KATEGORIE_ID_FELD, kategorieObjekt } from '../domain/kategorie';
import { Abrechnungsspeicher } from './ports/abrechnungsspeicher';

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
  constructor(private readonly speicher: Abrechnungsspeicher) {}

  /** The members with a payment option for one category object, and whether scripts go by post. */
  mehrere(where: unknown): Promise<{ id: number; benutzer_id: number; skript_per_post: boolean }[]> {
    const objekt = objektAusWhere(where);
    return this.speicher.lesen().bezahloptionenFuer(objekt);
  }

  /** Removes the member's payment option for the object; answers how many went (0 or 1). */
  loeschen(query: Row, actor: Actor | null): Promise<{ deleted: number }> {
    const objekt = kategorieObjekt(query);
    const benutzer = Number(query.benutzer_id);
    if (!Number.isSafeInteger(benutzer) || benutzer <= 0)
      throw DomainError.invalid('BENUTZER_FEHLT', '„benutzer_id“ muss die ID eines Mitglieds sein.');
    return this.speicher.transaktion(async (tx) => {
      const optionen = await tx.bezahloptionenFuer(objekt, benutzer);
      for (const option of optionen) {
        const geloescht = await tx.bezahloptionLoeschen(option.id);
        await tx.protokolliere({
          actor,
          resource: 'rw-bezahloption',
          recordId: option.id,
          action: 'delete',
          changes: auditChanges(geloescht, null),
        });
      }
      return { deleted: optionen.length };
    });
  }
}
