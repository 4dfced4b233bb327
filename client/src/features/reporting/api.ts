/** The server calls of the evaluations (spec 003 §7) and of the Gehaltsumfrage (spec 002 §7), with their SWR hooks. */
import { langeArbeit, type Melder } from '../../components/auftrag/auftrag';
import { request, type Query } from '../../lib/api';
import { saveBlob } from '../../lib/csv';
import { useApi } from '../../lib/hooks';

const AUSWERTUNG = '/api/rw-auswertung';

/** Net euros per category (spec 000 §9), and the number of bookings. */
export interface Summen {
  seminare: number;
  abos: number;
  bundle: number;
  produkte: number;
  gesamt: number;
  buchungen: number;
}

export interface UmsatzJahr {
  jahr: number;
  monate: (Summen & { monat: string; titel: string })[];
  summe: Summen;
}

export type Kategorie = 'seminare' | 'abos' | 'bundle' | 'produkte';

export interface UmsatzPosten {
  kategorie: Kategorie;
  id: number | null;
  titel: string;
  turnus_id: number | null;
  von: string | null;
  bis: string | null;
  datum: string;
  mwst: number;
  buchungen: number;
  brutto: number;
  netto: number;
}

export interface UmsatzMonat {
  monat: string;
  titel: string;
  posten: UmsatzPosten[];
  summe: Summen;
}

export const useUmsatzJahr = (jahr: number) => useApi<UmsatzJahr>(`${AUSWERTUNG}/umsatz`, { year: jahr });

export const useUmsatzMonat = (monat: string) => useApi<UmsatzMonat>(`${AUSWERTUNG}/umsatz/${monat}`);

export interface SeminarWhere {
  datum?: { from?: string; to?: string };
  veranstaltung_ids?: number[];
  veranstaltung_typ_ids?: number[];
}

export interface SeminarZeile {
  id: number;
  lg_id: string | null;
  titel: string;
  beginn: string | null;
  ende: string | null;
  veranstaltung_typ_id: number | null;
  typ: string | null;
  besucher: number;
  buchungen: number;
  netto: number;
  /** The events' cost data and what is left of the net revenue (issue 32). */
  kosten: number;
  marge: number;
  newsletter_klicks: number;
}

export interface TurnusZeile {
  id: number;
  wb_abo_id: number;
  titel: string;
  von: string | null;
  bis: string | null;
  mwst: number;
  seminare: number;
  besucher: number;
  buchungen: number;
  netto: number;
}

export interface NewsletterZeile {
  id: number;
  titel: string;
  veranstaltung_id: number | null;
  dispatcher: number;
  klicks: number;
}

export interface BesucherZeile {
  benutzer_id: number | null;
  name: string;
  kennnummer: string | null;
  seminare: number;
  buchungen: number;
  netto: number;
}

/** The answer of rw-auswertung/calc (spec 003 §3 'Evaluation results'). */
export interface SeminarAuswertung {
  seminare: SeminarZeile[];
  turni: TurnusZeile[];
  newsletters: NewsletterZeile[];
  besucher: BesucherZeile[];
  newsletter_clicks: { monat: string; klicks: number }[];
  summe: {
    seminare: number;
    besucher: number;
    buchungen: number;
    netto: number;
    kosten: number;
    marge: number;
    turni: number;
    newsletters: number;
    klicks: number;
  };
}

export const useSeminarAuswertung = (where: SeminarWhere | null) =>
  useApi<SeminarAuswertung>(where ? `${AUSWERTUNG}/calc` : null, { where, details: true });

export interface KlickZahlen {
  klicks: number;
  newsletter: number;
  dispatcher: number;
  benutzer: number;
}

export type KlickMonat = KlickZahlen & { monat: string; titel: string };
export type KlickSeminar = KlickZahlen & {
  veranstaltung_id: number | null;
  lg_id: string | null;
  titel: string | null;
};
export type KlickDispatcher = KlickZahlen & {
  dispatcher_id: number;
  newsletter_id: number;
  titel: string;
  versendet_time: string | null;
};
export interface KlickBenutzer {
  benutzer_id: number | null;
  kennnummer: string | null;
  name: string | null;
  klicks: number;
  letzter_klick: string | null;
}

/** What the newsletters did (issue 32): per dispatch, month of dispatch and year. */
export interface Wirkung {
  empfaenger: number;
  klicks: number;
  klickende: number;
  /** A share: 0.1234 is 12,34 %. */
  klickrate: number;
  abmeldungen: number;
  buchungen: number;
}

export interface NewsletterWirkung {
  jahr: number;
  nachwirkung_tage: number;
  versande: (Wirkung & {
    dispatcher_id: number;
    newsletter_id: number;
    titel: string;
    versendet_time: string;
    monat: string;
  })[];
  monate: (Wirkung & { monat: string; titel: string; versande: number })[];
  summe: Wirkung & { versande: number };
}

export const useNewsletterWirkung = (jahr: number) =>
  useApi<NewsletterWirkung>(`${AUSWERTUNG}/newsletter-wirkung`, { year: jahr });

/** The four levels of spec 003 §7 'list rw-auswertung/newsletter' (year, months, single_seminar, click_benutzer). */
const useNewsletter = <T>(query: Query) => useApi<T[]>(`${AUSWERTUNG}/newsletter`, query);

export const useKlicksJeMonat = (jahr: number) => useNewsletter<KlickMonat>({ year: jahr });

export const useKlicksJeSeminar = (monat: string) => useNewsletter<KlickSeminar>({ months: [monat] });

/** `veranstaltungId` 0: the newsletters without seminar. */
export const useKlicksJeDispatcher = (monat: string, veranstaltungId: number) =>
  useNewsletter<KlickDispatcher>({ months: [monat], single_seminar: veranstaltungId });

export const useKlicksJeBenutzer = (monat: string, dispatcherId: number) =>
  useNewsletter<KlickBenutzer>({ months: [monat], click_benutzer: dispatcherId });

export type BenutzerFilter = 'booking' | 'no-booking' | 'all';

export interface BenutzerWhere {
  benutzer_filter: BenutzerFilter;
  veranstaltung_typ_ids: number[];
  datum?: { from?: string; to?: string };
}

export interface BenutzerZeile {
  id: number;
  kennnummer: string | null;
  name: string | null;
  email: string | null;
  atr_mitglied: boolean;
  buchungen: number;
}

export interface Seite<T> {
  count: number;
  rows: T[];
}

export const useBenutzerAuswertung = (where: BenutzerWhere, limit: number, offset: number) =>
  useApi<Seite<BenutzerZeile>>(
    `${AUSWERTUNG}/benutzer`,
    { where, limit, offset },
    { keepPreviousData: true },
  );

/** Every row of the Benutzer evaluation, for the CSV export. */
export const alleBenutzer = (where: BenutzerWhere) =>
  request<Seite<BenutzerZeile>>('GET', `${AUSWERTUNG}/benutzer`, { query: { where }, timeout: 120000 });

export interface GehaltsumfrageZeile {
  id: number;
  kennnummer: string | null;
  name: string;
  link: string;
  passwort_gesetzt: boolean;
}

export const useGehaltsumfrage = (limit: number, offset: number) =>
  useApi<Seite<GehaltsumfrageZeile>>('/api/gehaltsumfrage', { limit, offset }, { keepPreviousData: true });

export interface ImportErgebnis {
  updated: number;
  set: number;
  /** The first hundred Kennnummern without Benutzer. */
  unbekannt: string[];
  /** How many Kennnummern have no Benutzer. */
  unbekannt_anzahl: number;
}

/** A large file is applied in the background; `melde` receives its progress meanwhile. */
export function importiereZugaenge(file: File, melde: Melder): Promise<ImportErgebnis> {
  const form = new FormData();
  form.append('file', file);
  return langeArbeit<ImportErgebnis>('/gehaltsumfrage', form, melde);
}

export const setzeZugaengeZurueck = () => request<{ count: number }>('DELETE', '/gehaltsumfrage');

export async function exportiereGehaltsumfrage(): Promise<void> {
  saveBlob(await request<Blob>('GET', '/gehaltsumfrage', { responseType: 'blob' }), 'Gehaltsumfrage.csv');
}
