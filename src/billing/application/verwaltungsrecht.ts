/**
 * The one check of billing's settings (Verbandsdaten, DATEV-Einstellungen): every member of staff
 * reads them, only administrators (membership's admin right) change them — 403 with the screen's
 * German reason otherwise.
 */
import type { MitgliederAuskunft } from '../../membership/application/ports/mitglieder-auskunft';
import type { Actor } from '../../platform/audit/audit-trail';
import { DomainError } from '../../shared/domain-error';

export async function istAdmin(mitglieder: MitgliederAuskunft, actor: Actor | null): Promise<boolean> {
  return actor != null && (await mitglieder.istAdministrator(actor.id));
}

export async function nurAdministratoren(
  mitglieder: MitgliederAuskunft,
  actor: Actor | null,
  meldung: string,
): Promise<void> {
  if (!(await istAdmin(mitglieder, actor))) throw new DomainError('NUR_ADMIN', meldung, 'forbidden');
}
