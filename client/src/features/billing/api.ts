/** The billing context's own calls beyond the generic resource API (spec 002 §7, issue 13). */
import useSWR from 'swr';
import { langeArbeit, type Melder } from '../../components/auftrag/auftrag';
import { api, buildUrl, request, resourcePath } from '../../lib/api';
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
 * The SEPA file of a summary, fetched rather than linked so that a refusal (no mandate, invalid
 * IBAN) is shown as the server's German message instead of a JSON page.
 */
export async function sepaHerunterladen(art: SepaArt, abrechnungId: number): Promise<void> {
  const blob = await request<Blob>('GET', `${resourcePath('rw-abrechnung')}/${art}`, {
    query: { id: abrechnungId },
    responseType: 'blob',
  });
  const name = art === 'sepaDebit' ? 'SEPA-Lastschrift' : 'SEPA-Ueberweisung';
  saveBlob(blob, `${name}-Abrechnung-${abrechnungId}.xml`);
}

/** Every invoice of a summary by e-mail, one PDF each: long for a large summary, hence with progress. */
export const rechnungenPerEmail = (abrechnungId: number, melde: Melder) =>
  langeArbeit<{ message: string; versendet: number }>(
    `${resourcePath('rw-abrechnung', abrechnungId)}/rechnungenEmail`,
    undefined,
    melde,
  );
