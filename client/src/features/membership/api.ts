/**
 * The membership screens' server calls (spec 000 §7) with their SWR hooks: one place per call,
 * built on the shared wrappers of lib/api.ts and lib/hooks.ts.
 */
import type { MitgliedArt } from '../../../../common/gruppen';
import { dateiLesen, langeArbeit, type Dateiergebnis, type Melder } from '../../components/auftrag/auftrag';
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

/** The link resources of a group's Benutzer and e-mails (spec 001 §3). */
export const MITGLIED_RESOURCE = {
  benutzer: 'benutzer-benutzer-gruppe',
  email: 'benutzer-email-gruppe',
} as const satisfies Record<MitgliedArt, string>;

const MITGLIED_VERB: Record<MitgliedArt, string> = { benutzer: 'benutzers', email: 'emails' };

const gruppenPfad = (gruppeId: number, verb: string) =>
  `${resourcePath('benutzer-gruppe', gruppeId)}/${verb}`;

const useAnzahl = (gruppeId: number | undefined, art: MitgliedArt) =>
  useApi<{ count: number }>(gruppeId ? resourcePath(MITGLIED_RESOURCE[art]) : null, {
    where: { benutzer_gruppe_id: gruppeId },
    attributes: ['id'],
    count: true,
    limit: 1,
  }).data?.count ?? 0;

/** How many Benutzer and e-mails a group holds (they decide the assignments offered, spec 001 §5). */
export function useGruppenInhalt(gruppeId: number | undefined) {
  return { benutzer: useAnzahl(gruppeId, 'benutzer'), emails: useAnzahl(gruppeId, 'email') };
}

/** Adds Benutzer or e-mails by id (spec 001 §7); an assignment kind the server does not know is refused (§8). */
export async function gruppeHinzufuegen(gruppeId: number, art: MitgliedArt, ids: number[]): Promise<Row[]> {
  const verb = MITGLIED_VERB[art];
  if (!verb) throw new Error('unbekannte Zuordnung');
  const neu = await api.post<Row[]>(gruppenPfad(gruppeId, verb), ids);
  invalidateResource(MITGLIED_RESOURCE[art]);
  return neu;
}

export async function gruppeLeeren(gruppeId: number, art: MitgliedArt): Promise<{ deleted: number }> {
  const ergebnis = await api.delete<{ deleted: number }>(gruppenPfad(gruppeId, MITGLIED_VERB[art]));
  invalidateResource(MITGLIED_RESOURCE[art]);
  return ergebnis;
}

/** The newsletter-group fill (spec 001 §7). */
export async function newsletterGruppeFuellen(gruppeId: number): Promise<{ created: number }> {
  const ergebnis = await api.post<{ created: number }>(gruppenPfad(gruppeId, 'newsletter_fill'));
  Object.values(MITGLIED_RESOURCE).forEach(invalidateResource);
  return ergebnis;
}

/** The refill of an automatic group (spec 001 §7); a long one reports its steps to `melde`. */
export async function gruppeAuffuellen(
  gruppeId: number,
  melde: Melder,
): Promise<{ created: number; deleted: number }> {
  const ergebnis = await langeArbeit<{ created: number; deleted: number }>(
    gruppenPfad(gruppeId, 'auto_refill'),
    undefined,
    melde,
  );
  invalidateResource(MITGLIED_RESOURCE.benutzer);
  return ergebnis;
}

export type CsvZeile = Record<string, string>;

export interface AbgleichZeile {
  zeile: number;
  row: CsvZeile;
  benutzer?: { id: number; anzeigename: string | null; kennnummer: string | null; email: string | null };
  ziel_id?: number;
  grund?: string;
}

export const ABGLEICH_BUCKETS = ['bereit', 'vorhanden', 'inaktiv', 'nicht_gefunden'] as const;
export type AbgleichBucket = (typeof ABGLEICH_BUCKETS)[number];

export type Abgleich = { zuordnung: MitgliedArt } & Record<
  AbgleichBucket,
  { count: number; rows: AbgleichZeile[] }
>;

/**
 * The comparison of spec 001 §4 on the server: the file is uploaded (`;` or `,`, UTF-8 or
 * Windows-1252, at most 10 MB), read and compared by a job that reports its rows to `melde`, and
 * the four buckets are fetched from the file it wrote (issue 26).
 */
export async function csvAbgleichen(
  gruppeId: number,
  datei: File,
  zuordnung: MitgliedArt,
  melde: Melder,
): Promise<Abgleich> {
  const form = new FormData();
  form.append('file', datei);
  form.append('zuordnung', zuordnung);
  return dateiLesen<Abgleich>(
    await langeArbeit<Dateiergebnis>(gruppenPfad(gruppeId, 'csv_compare'), form, melde),
  );
}

/** Issue 34: the Datenauskunft of a Benutzer (a ZIP), long work that ends in a file. */
export const datenauskunft = (benutzerId: number, melde: Melder) =>
  langeArbeit<Dateiergebnis>(`${resourcePath('benutzer', benutzerId)}/datenauskunft`, {}, melde);

/** Issue 34: erasure on request; what invoices must keep stays (the server says what and refuses while it must wait). */
export async function loeschenAufWunsch(benutzerId: number) {
  const ergebnis = await api.post<{ geloescht_am: string; rechnungen: number }>(
    `${resourcePath('benutzer', benutzerId)}/loeschen-auf-wunsch`,
  );
  invalidateResource('benutzer');
  return ergebnis;
}
