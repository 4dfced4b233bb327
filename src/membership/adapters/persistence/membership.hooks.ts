/**
 * Glue between the generic resource engine and the membership rules: every save through
 * /node/api/benutzer, /benutzer-konto and /benutzer-email goes through these.
 */
import { DomainError } from '../../../shared/domain-error';
import type { ResourceHooks, Row } from '../../../platform/resources/resource-definition';
import { bicFehler, ibanFehler, normaliseBic, normaliseIban } from '../../domain/bankverbindung';
import { ableiten, BenutzerStand, pruefeArbeitgeber } from '../../domain/benutzer-regeln';
import { emailFehler } from '../../domain/email';
import { Benutzer } from './benutzer.entity';

export const benutzerHooks: ResourceHooks = {
  async beforeSave(values, { manager, previous }) {
    const id = previous?.id as number | undefined;
    if (
      values.parent_id !== undefined &&
      values.parent_id !== null &&
      values.parent_id !== previous?.parent_id
    ) {
      const arbeitgeber = await manager.findOne(Benutzer, {
        where: { id: values.parent_id as number },
        select: { id: true, parent_id: true },
      });
      if (!arbeitgeber)
        throw DomainError.invalid('ARBEITGEBER_FEHLT', `Arbeitgeber ${values.parent_id} existiert nicht.`);
      const hatMitarbeiter =
        id !== undefined && (await manager.count(Benutzer, { where: { parent_id: id } })) > 0;
      pruefeArbeitgeber(id, arbeitgeber, hatMitarbeiter);
    }
    Object.assign(values, ableiten((previous ?? {}) as BenutzerStand, values as BenutzerStand));
  },
};

function check(
  values: Row,
  field: string,
  fehler: (v: string) => string | null,
  normalise: (v: string) => string,
) {
  const value = values[field];
  if (typeof value !== 'string' || value.trim() === '') return;
  const message = fehler(value);
  if (message) throw DomainError.invalid('UNGUELTIG', message, { [field]: message });
  values[field] = normalise(value);
}

export const kontoHooks: ResourceHooks = {
  beforeSave(values) {
    check(values, 'iban', ibanFehler, normaliseIban);
    check(values, 'bic', bicFehler, normaliseBic);
  },
};

export const emailHooks: ResourceHooks = {
  beforeSave(values) {
    check(values, 'email', emailFehler, (v) => v.trim());
  },
};
