/** The billing context's own calls beyond the generic resource API (spec 002 §7, issue 13). */
import useSWR from 'swr';
import { langeArbeit, type Melder } from '../../components/auftrag/auftrag';
import type { Rechnungsaussteller } from '../../../../common/verbandsdaten';
import { SEPA_AUSGELASSEN, sepaAusgelassenLesen, type SepaAuslassung } from '../../../../common/sepa';
import { DATEV_BEREITS, datevBereitsHinweis, datevBereitsLesen } from '../../../../common/datev';
import { api, buildUrl, request, resourcePath, send } from '../../lib/api';
import { saveBlob } from '../../lib/csv';
import { invalidateResource, useApi } from '../../lib/hooks';
import type { Row } from '../../resources/types';
import type { AbrechnungsArt, Laufergebnis } from './abrechnung';

export interface Posten {
  anzahl: number;
  betrag: number;
}

/** The answer of `POST /node/api/rw-calculation/calcCategory` for one category object. */
export interface Kategoriesummen {
  category_id: number;
  transactions?: {
    offen: Posten;
    verifiziert: Posten;
    abgerechnet: Posten;
    storniert: Posten;
    aktuell: Posten;
    mitglieder: number;
    ohne_bezahloption: number[];
  };
  rechnungen?: { rechnungen: Posten; storno: Posten; saldo: number };
  abos?: { buchungen: number; aktiv: number; gekuendigt: number };
}

/** Billing changes transactions, invoices and payment options together: every view of them reloads. */
export function abrechnungGeaendert(): void {
  for (const resource of ['rw-transaction', 'rw-rechnung', 'rw-bezahloption', 'rw-abrechnung'])
    invalidateResource(resource);
  invalidateResource('rw-calculation');
}

/** The sums of one category object; a POST, cached under a key below rw-calculation so that it reloads with the rest. */
export function useKategoriesummen(art: AbrechnungsArt, id: number) {
  const pfad = `${resourcePath('rw-calculation')}/calcCategory`;
  return useSWR(buildUrl(pfad, { category: art.category, id }), async () => {
    const [summen] = await api.post<Kategoriesummen[]>(pfad, {
      category: art.category,
      category_ids: [id],
      transactions: true,
      rechnungen: true,
      abos: art.category === 'abos',
    });
    return summen;
  });
}

const objekt = (art: AbrechnungsArt, id: number) => ({ category: art.category, category_id: id });

export const alleVerifizieren = (art: AbrechnungsArt, id: number) =>
  api.post<Row[]>(`${resourcePath('rw-transaction')}/setAllVerifiziert`, objekt(art, id));

/**
 * The invoice run (spec 002 §7): `{all, created, storno}` and the reports of missing payment
 * options; a long run reports its progress to `melde` until it is done.
 */
export const rechnungenErstellen = (
  art: AbrechnungsArt,
  id: number,
  nurVerifizierte: boolean,
  melde: Melder,
) =>
  langeArbeit<Laufergebnis>(
    resourcePath('rw-rechnung'),
    { ...objekt(art, id), only_verified: nurVerifizierte },
    melde,
  );

export const rechnungPerEmail = (id: number) => api.post(`${resourcePath('rw-rechnung', id)}/rechnungEmail`);

/** Cancels the invoice (storno invoice) and re-opens copies of its transactions for a corrected run. */
export const rechnungKorrigieren = (id: number) =>
  api.delete(`${resourcePath('rw-rechnung', id)}/modifyAll?copy=true`);

/** A plain GET link: the invoice PDF. */
export const rechnungPdfUrl = (id: number) => buildUrl(`${resourcePath('rw-rechnung', id)}/render`);

/** A plain GET link: the invoice's CII XML for XRechnung recipients (issue 29). */
export const xrechnungUrl = (id: number) => buildUrl(`${resourcePath('rw-rechnung', id)}/xrechnung`);

export type SammelArt = 'zip' | 'pdf';

/** What `rw-rechnung/multiple` would hold for the same selection (its `simulateRenderMultiple`). */
export interface Sammelvorschau {
  art: SammelArt;
  name: string;
  anzahl: number;
  rechnungs_nr: string[];
  weitere: number;
}

/** Asked before the download, so a refusal is the server's German message and staff see the count. */
export const sammelVorschau = (art: SammelArt, where: Row) =>
  api.get<Sammelvorschau>(`${resourcePath('rw-rechnung')}/simulateRenderMultiple`, { type: art, where });

/** A plain GET link: the selected invoices as one ZIP of PDFs or as one PDF, streamed. */
export const sammelUrl = (art: SammelArt, where: Row) =>
  buildUrl(`${resourcePath('rw-rechnung')}/multiple`, { type: art, where });

/** A plain GET link: the seminar's LG settlement list (CSV); verband 3 adds the script-by-post column. */
export const lgAbrechnungUrl = (seminarId: number, skriptPerPost: boolean) =>
  buildUrl(
    `${resourcePath('veranstaltung', seminarId)}/lg_abrechnung`,
    skriptPerPost ? { skript_per_post: true } : undefined,
  );

/** Mails the member what they booked on the object (spec 002 §7). */
export const bestelluebersichtPerEmail = (art: AbrechnungsArt, id: number, benutzerId: number) =>
  api.post<{ message: string }>(`${resourcePath('warenkorb')}/bestelluebersicht_email`, {
    benutzer_id: benutzerId,
    ...objekt(art, id),
  });

export const vorgangVerifizieren = (id: number) =>
  api.put<Row>(resourcePath('rw-transaction', id), { verifiziert: true });
export const vorgangStornieren = (id: number) =>
  api.put<Row>(resourcePath('rw-transaction', id), { storno: true });
export const vorgangZuruecksetzen = (id: number) =>
  api.delete<Row>(`${resourcePath('rw-transaction', id)}/revert`);
export const vorgangLoeschen = (id: number) => api.delete(resourcePath('rw-transaction', id));

/** The payment option of a member for one category object (one at most), with its address and accounts. */
export const useBezahloption = (art: AbrechnungsArt, id: number, benutzerId: number) =>
  useApi<Row[]>(resourcePath('rw-bezahloption'), {
    where: { benutzer_id: benutzerId, category: art.category, [art.feld]: id },
    include: ['Benutzer_Adresse', 'Benutzer_Konto', 'Neg_Benutzer_Konto'],
  });

export const bezahloptionSpeichern = (option: Row) =>
  option.id
    ? api.put<Row>(resourcePath('rw-bezahloption', option.id), option)
    : api.post<Row>(resourcePath('rw-bezahloption'), option);

/** The answer of `POST …/rw-transaction/preis` (the booking use case). */
export interface Preisauskunft {
  preis_stufe: number | null;
  preis: number | null;
  rabatte: { id: number; titel: string; betrag: number }[];
  rabatt_id: number | null;
  gutschein: { code: string; typ: string; wert: number; anzeige?: string } | null;
  betrag: number;
  titel: string;
}

export const buchungsPreis = (body: Row) =>
  api.post<Preisauskunft>(`${resourcePath('rw-transaction')}/preis`, body);
export const buchen = (body: Row) => api.post<Row>(resourcePath('rw-transaction'), body);

/** The export of a category object (spec 002 §7): the invoice run's answer and the new summary's id. */
export const abrechnungErstellen = (art: AbrechnungsArt, id: number, melde: Melder) =>
  langeArbeit<Laufergebnis & { id: number; betrag: number }>(
    resourcePath('rw-abrechnung'),
    objekt(art, id),
    melde,
  );

export type SepaArt = 'sepaDebit' | 'sepaTransfer';

/**
 * The SEPA file of a summary, fetched rather than linked so that a refusal (no member with
 * complete data) is shown as the server's German message instead of a JSON page; answers the
 * invoices the file had to leave out (no IBAN, no mandate), for the screen to list.
 */
export async function sepaHerunterladen(art: SepaArt, abrechnungId: number): Promise<SepaAuslassung[]> {
  const response = await send('GET', `${resourcePath('rw-abrechnung')}/${art}`, {
    query: { id: abrechnungId },
  });
  const name = art === 'sepaDebit' ? 'SEPA-Lastschrift' : 'SEPA-Ueberweisung';
  saveBlob(await response.blob(), `${name}-Abrechnung-${abrechnungId}.xml`);
  return sepaAusgelassenLesen(response.headers.get(SEPA_AUSGELASSEN));
}

/** Every invoice of a summary by e-mail, one PDF each: long for a large summary, hence with progress. */
export const rechnungenPerEmail = (abrechnungId: number, melde: Melder) =>
  langeArbeit<{ message: string; versendet: number; bereits: number }>(
    `${resourcePath('rw-abrechnung', abrechnungId)}/rechnungenEmail`,
    undefined,
    melde,
  );

/** The association's data (`GET/PUT /node/api/verbandsdaten`, issue 28); `bearbeitbar`: this member of staff may change it. */
export interface Verbandsdaten extends Rechnungsaussteller {
  befreiungsgruende: Record<'seminare' | 'abos' | 'bundle' | 'produkte', string>;
  bearbeitbar: boolean;
}

const VERBANDSDATEN = '/api/verbandsdaten';

export const useVerbandsdaten = () => useApi<Verbandsdaten>(VERBANDSDATEN);

export function speichereVerbandsdaten(daten: Verbandsdaten): Promise<Verbandsdaten> {
  const { bearbeitbar: _nurAnzeige, ...werte } = daten;
  return api.put<Verbandsdaten>(VERBANDSDATEN, werte);
}
/** Takes a guest registration over: onto a new Benutzer (null) or the one staff chose; answers the registration. */
export const uebernehmeGast = (id: number, benutzerId: number | null) =>
  api.post<Row & { benutzer_id: number }>(`${resourcePath('gastanmeldung')}/${id}/uebernehmen`, {
    benutzer_id: benutzerId,
  });
/** Issue 28: manual "bezahlt" on a day (YYYY-MM-DD). */
export const rechnungBezahlt = (id: number, datum: string) =>
  api.post(`${resourcePath('rw-rechnung', id)}/bezahlt`, { datum });

/** What reading a bank statement did (application/zahlungen.ts). */
export interface Importergebnis {
  buchungen: number;
  zugeordnet: number;
  offen: number;
  bekannt: number;
}

export async function kontoauszugEinlesen(file: File): Promise<Importergebnis> {
  const form = new FormData();
  form.append('file', file);
  const ergebnis = await request<Importergebnis>('POST', resourcePath('rw-kontoauszug'), {
    body: form,
    timeout: 600000,
  });
  invalidateResource('rw-kontoauszug-posten');
  abrechnungGeaendert();
  return ergebnis;
}

export const postenZuordnen = (id: number, rechnungId: number) =>
  api.post(`${resourcePath('rw-kontoauszug-posten', id)}/zuordnen`, { rw_rechnung_id: rechnungId });

export async function postenKeineRechnung(id: number): Promise<void> {
  await api.post(`${resourcePath('rw-kontoauszug-posten', id)}/keineRechnung`);
  invalidateResource('rw-kontoauszug-posten');
}

/** Issue 29: the check of the audit chain (administrators only; others get the server's German 403). */
export type Kettenpruefung =
  { ok: true; geprueft: number } | { ok: false; geprueft: number; id: number | null; meldung: string };

export const verlaufPruefen = () => request<Kettenpruefung>('GET', '/api/audit/verify', { timeout: 600000 });

/** The tax audit's Z3 export of a period, fetched whole so a refusal shows as the server's message. */
export const gobdExport = (von: string, bis: string) =>
  request<Blob>('GET', '/api/gobd-export', { query: { von, bis }, responseType: 'blob', timeout: 600000 });
/** The DATEV settings (`GET/PUT /node/api/datev-einstellungen`, issue 29), with the SKR defaults the screen offers. */
export interface Erloeskonto {
  konto: number;
  bu: string;
}
export type DatevSatz = '19' | '7' | '0';
export type DatevKategorie = 'seminare' | 'abos' | 'bundle' | 'produkte';
export interface DatevEinstellungen {
  beraternummer: number | null;
  mandantennummer: number | null;
  wj_beginn_monat: number;
  sachkontenlaenge: number;
  kontenrahmen: '03' | '04';
  geldkonto: number;
  sammeldebitor: number;
  erloeskonten: Record<DatevKategorie, Record<DatevSatz, Erloeskonto>>;
  bearbeitbar: boolean;
  vorgaben: Record<
    '03' | '04',
    { name: string; geldkonto: number; erloeskonten: Record<DatevKategorie, Record<DatevSatz, Erloeskonto>> }
  >;
}

const DATEV_EINSTELLUNGEN = '/api/datev-einstellungen';

export const useDatevEinstellungen = () => useApi<DatevEinstellungen>(DATEV_EINSTELLUNGEN);

export function speichereDatevEinstellungen(daten: DatevEinstellungen): Promise<DatevEinstellungen> {
  const { bearbeitbar: _nurAnzeige, vorgaben: _vorgaben, ...werte } = daten;
  return api.put<DatevEinstellungen>(DATEV_EINSTELLUNGEN, werte);
}

/** The months of a year: invoices and earlier DATEV exports (`GET /node/datev/monate`). */
export interface DatevMonat {
  monat: string;
  rechnungen: number;
  exporte: { monat: string | null; createdAt: string; admin_name: string | null }[];
}

export const useDatevMonate = (jahr: number) => useApi<DatevMonat[]>('/datev/monate', { jahr });

/**
 * A DATEV Buchungsstapel, fetched rather than linked so that a refusal (settings missing) shows as
 * the server's German message; answers the hint that it was exported before, or null.
 */
/** The Debitoren/Kreditoren master data for the Steuerberater (administrators only). */
export async function debitorenHerunterladen(): Promise<void> {
  const response = await send('GET', '/datev/debitoren', { timeout: 600000 });
  const heute = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Berlin' }).format(new Date());
  saveBlob(await response.blob(), `EXTF_DebKred_${heute}.csv`);
}

export async function datevHerunterladen(
  ziel: { abrechnungId: number } | { von: string; bis: string },
  zahlungen: boolean,
): Promise<string | null> {
  const [pfad, query, name] =
    'abrechnungId' in ziel
      ? [
          `${resourcePath('rw-abrechnung', ziel.abrechnungId)}/datev`,
          { zahlungen },
          `EXTF_Buchungsstapel_Abrechnung_${ziel.abrechnungId}.csv`,
        ]
      : [
          '/datev/buchungsstapel',
          { von: ziel.von, bis: ziel.bis, zahlungen },
          ziel.von === ziel.bis
            ? `EXTF_Buchungsstapel_${ziel.von}.csv`
            : `DATEV_Buchungsstapel_${ziel.von}_${ziel.bis}.zip`,
        ];
  const response = await send('GET', pfad, { query, timeout: 600000 });
  saveBlob(await response.blob(), name);
  return datevBereitsHinweis(datevBereitsLesen(response.headers.get(DATEV_BEREITS)));
}
