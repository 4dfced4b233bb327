/**
 * The membership screens' server calls (spec 000 §7) with their SWR hooks: one place per call,
 * built on the shared wrappers of lib/api.ts and lib/hooks.ts.
 */
import { api, resourcePath, type Query } from '../../lib/api';
import { invalidateResource, useApi } from '../../lib/hooks';
import type { Row } from '../../resources/types';
import { buchungsQuery, type BuchungsVariante } from './buchungen';

/** Contact rows of a user: e-mails, addresses, accounts. */
export const KONTAKT_RESOURCES = ['benutzer-email', 'benutzer-adresse', 'benutzer-konto'] as const;

export const useBenutzer = (id: number | null | undefined, query?: Query) =>
  useApi<Row>(id ? resourcePath('benutzer', id) : null, query);

/** The rows of a resource that belong to a user (its e-mails, addresses or accounts), oldest first. */
export const useEigeneZeilen = (resource: string, benutzerId: number | null | undefined) =>
  useApi<Row[]>(benutzerId ? resourcePath(resource) : null, {
    where: { benutzer_id: benutzerId },
    order: [['id', 'ASC']],
  });

/** Any related list of a window (Mitarbeiter, contacts, groups of an e-mail). */
export const useZeilen = (resource: string, query: Query, refreshInterval?: number) =>
  useApi<Row[]>(resourcePath(resource), query, { refreshInterval });

export const useBuchungen = (variante: BuchungsVariante, id: number, refreshInterval: number) =>
  useApi<Row[]>(resourcePath('rw-transaction'), buchungsQuery(variante, id), { refreshInterval });

/** User groups ('benutzer') or e-mail groups ('email'); 'alle' belong to both (spec 000 §7). */
export const useGruppen = (zuordnung: 'benutzer' | 'email') =>
  useApi<Row[]>(resourcePath('benutzer-gruppe'), {
    where: { zuordnung: { $in: ['alle', zuordnung] } },
    attributes: ['id', 'typ', 'name', 'zuordnung'],
    order: [['name', 'ASC']],
  });

/** A contact row through its dialog: POST when new, PUT otherwise. */
export async function saveKontakt(resource: string, record: Row, id?: number): Promise<Row> {
  const saved =
    id === undefined
      ? await api.post<Row>(resourcePath(resource), record)
      : await api.put<Row>(resourcePath(resource, id), record);
  invalidateResource(resource);
  return saved;
}

export async function deleteKontakt(resource: string, id: number): Promise<void> {
  try {
    await api.delete(resourcePath(resource, id));
  } finally {
    invalidateResource(resource);
  }
}

/** A candidate employee with its current employer, for the checks of spec 000 §4. */
export const ladeMitarbeiterKandidat = (id: number) =>
  api.get<Row>(resourcePath('benutzer', id), {
    include: [{ association: 'Parent', attributes: ['id', 'firma', 'titel', 'vorname', 'nachname'] }],
  });

/** Assigns a user to an employer, or with null ends the employment link. */
export async function setzeArbeitgeber(benutzerId: number, arbeitgeberId: number | null): Promise<void> {
  await api.put(resourcePath('benutzer', benutzerId), { parent_id: arbeitgeberId });
  invalidateResource('benutzer');
}

export async function legeMitarbeiterAn(neu: Row, arbeitgeberId: number): Promise<void> {
  await api.post(resourcePath('benutzer'), { ...neu, parent_id: arbeitgeberId });
  invalidateResource('benutzer');
}

const passwortPfad = (benutzerId: number) => `${resourcePath('benutzer', benutzerId)}/password`;

/** Whether a password is set; the hash itself never leaves the server. */
export const usePasswortGesetzt = (benutzerId: number | undefined) =>
  useApi<{ gesetzt: boolean }>(benutzerId ? passwortPfad(benutzerId) : null);

export const setzePasswort = (benutzerId: number, password: string) =>
  api.post(passwortPfad(benutzerId), { password });

export const entfernePasswort = (benutzerId: number) => api.delete(passwortPfad(benutzerId));

export const registriereTlmsBenutzer = (benutzerId: number) =>
  api.post<{ id: unknown; login: unknown }>(`${resourcePath('benutzer', benutzerId)}/registerTlmsUser`);

/** The obsolete user's linked data moves to the kept one, so every membership list is stale afterwards. */
export function invalidateMembership(): void {
  ['benutzer', ...KONTAKT_RESOURCES, 'rw-transaction'].forEach(invalidateResource);
}

/** The window calls invalidateMembership once the obsolete user is no longer shown (it would answer 404). */
export const fuehreBenutzerZusammen = (stayingId: number, obsoleteId: number, take: string[]) =>
  api.post(`${resourcePath('benutzer')}/merge`, { staying_id: stayingId, obsolete_id: obsoleteId, take });

export async function fuehreKontakteZusammen(resource: string, stayingId: number, obsoleteId: number) {
  await api.post(`${resourcePath(resource)}/merge`, { staying_id: stayingId, obsolete_id: obsoleteId });
  invalidateMembership();
}
