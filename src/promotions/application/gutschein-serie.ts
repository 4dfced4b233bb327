/**
 * Bulk creation of vouchers (spec 003 §2–§5, issue 12): up to 10 000 per request, each with its own
 * random code, all in one transaction. The codes come from a cryptographic source; the unique
 * index on `code` is what guarantees uniqueness, also against a second run at the same moment: a
 * block that hits an existing code is drawn anew and inserted again.
 */
import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { AuditTrail, type Actor } from '../../platform/audit/audit-trail';
import { isUniqueViolation } from '../../platform/database/unique-violation';
import { GUTSCHEIN_RELATION } from '../../../common/gutschein';
import { labelFor } from '../../../common/vocabulary';
import { DomainError } from '../../shared/domain-error';
import { WbVoucher } from '../adapters/persistence/wb-rabatt.entity';
import { neueCodes } from '../domain/gutschein';
import { gutscheinSerie, type GutscheinSerieAnfrage } from '../domain/regeln';

/** Rows per INSERT: 1 000 rows of 8 values stay far below both engines' parameter limits. */
export const BLOCK = 1000;

/** How often one block is drawn anew after a collision before the run gives up. */
export const VERSUCHE = 5;

/**
 * Runs `einfuegen` until it succeeds, at most VERSUCHE times; a collision (as `kollision` tells)
 * means another draw, anything else ends the run. Each call draws new codes, so a retry never
 * repeats the colliding one.
 */
export async function mitNeuemVersuch(
  einfuegen: () => Promise<unknown>,
  kollision: (error: unknown) => boolean,
): Promise<void> {
  for (let versuch = 1; ; versuch++) {
    try {
      await einfuegen();
      return;
    } catch (error) {
      if (!kollision(error) || versuch >= VERSUCHE) {
        if (kollision(error))
          throw DomainError.conflict(
            'GUTSCHEIN_CODES_BELEGT',
            'Es konnten keine freien Gutschein-Codes gefunden werden. Bitte versuchen Sie es erneut.',
          );
        throw error;
      }
    }
  }
}

export interface Serienergebnis {
  created: number;
  relation: string | null;
  relation_id: number | null;
}

@Injectable()
export class GutscheinSerien {
  constructor(
    private readonly dataSource: DataSource,
    private readonly audit: AuditTrail,
  ) {}

  async erstellen(anfrage: GutscheinSerieAnfrage, actor: Actor | null): Promise<Serienergebnis> {
    const serie = gutscheinSerie(anfrage);
    const { num, ...felder } = serie;
    return this.dataSource.transaction(async (manager) => {
      // The relation names the entity ('Veranstaltung'): found by its name, not through seminars' code.
      if (
        serie.relation_id !== null &&
        !(await manager.existsBy(GUTSCHEIN_RELATION, { id: serie.relation_id }))
      ) {
        throw DomainError.fields({ relation_id: 'verweist auf kein vorhandenes Seminar' }, (feld) =>
          labelFor('wb-voucher', feld),
        );
      }
      for (let erstellt = 0; erstellt < num; erstellt += BLOCK) {
        const anzahl = Math.min(BLOCK, num - erstellt);
        await mitNeuemVersuch(
          () =>
            manager
              .createQueryBuilder()
              .insert()
              .into(WbVoucher)
              .values(neueCodes(anzahl, randomBytes).map((code) => ({ ...felder, code })))
              // Nothing is read back: reloading 1 000 generated ids would be one query too large.
              .updateEntity(false)
              .execute(),
          isUniqueViolation,
        );
      }
      await this.audit.record(manager, {
        actor,
        resource: 'wb-voucher',
        recordId: null,
        action: 'create',
        changes: {
          num: { after: num },
          relation: { after: serie.relation },
          relation_id: { after: serie.relation_id },
        },
      });
      return { created: num, relation: serie.relation, relation_id: serie.relation_id };
    });
  }
}
