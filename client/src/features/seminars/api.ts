/** The seminars context's own calls (beyond the generic resource API) and the records its windows read. */
import type { TypVorgaben } from '../../../../common/seminar';
import { langeArbeit, type Dateiergebnis, type Melder } from '../../components/auftrag/auftrag';
import { uploadWithProgress } from '../../components/files/api';
import { api, buildUrl, request, resourcePath, send } from '../../lib/api';
import { useApi } from '../../lib/hooks';
import type { Row } from '../../resources/types';

/** A download record and its file in one step (`POST /node/api/download/upload`). */
export const uploadDownload = (file: File, data: Row, onProgress: (fraction: number) => void) =>
  uploadWithProgress<Row>('POST', `${resourcePath('download')}/upload`, file, onProgress, data);

/** The downloads of one record (a Downloads tab), newest first; refreshed like the download list (spec 003 §9). */
export const downloadsQuery = (relation: string, relationId: number) => ({
  where: { relation, relation_id: relationId },
  order: [['createdAt', 'DESC']],
});

/** Outside /node: the link members get (spec 001 §2); non-public files open for staff only. */
export const downloadLink = (fileName: string) => `/download/${encodeURIComponent(fileName)}`;

/** One record, or nothing while `id` is not a saved record's. */
export const useDatensatz = <T extends Row = Row>(resource: string, id: unknown) =>
  useApi<T>(typeof id === 'number' ? resourcePath(resource, id) : null);

export const ladeDatensatz = <T extends Row = Row>(resource: string, id: number) =>
  api.get<T>(resourcePath(resource, id));

export type SeminarTyp = Row & TypVorgaben & { rw_debitor_kreis_id: number | null };

/**
 * The debtor number a new seminar of a circle will get (spec 001), read only: the save takes it,
 * and shows another one if a seminar saved meanwhile took this one. Read again every 10 s.
 */
export const useDebitorVorschau = (kreisId: number | null) =>
  useApi<{ debitor: number }>(
    kreisId === null ? null : `${resourcePath('rw-debitor-kreis', kreisId)}/naechsteNummer`,
    undefined,
    { refreshInterval: 10000 },
  );

/** `POST /node/api/{veranstaltung|veranstaltung-event}/{id}/createTlmsCourse` (spec 001 §7): the new course's id. */
export const erstelleTlmsKurs = (art: 'veranstaltung' | 'veranstaltung-event', id: number) =>
  api.post<{ id: string }>(`${resourcePath(art, id)}/createTlmsCourse`);

/** A plain GET link (spec 003 §7): the seminar's dates as an iCalendar file. */
export const icalUrl = (id: number) => buildUrl(`${resourcePath('veranstaltung', id)}/ical`);

/** One row of `GET /node/veranstaltung/{id}/teilnehmerListe` (spec 002 §3). */
export interface TeilnehmerZeile extends Row {
  benutzer_id: number | null;
  kennnummer: string | null;
  vorname: string | null;
  nachname: string | null;
  anzeigename: string | null;
  firma: string | null;
  email: string | null;
  typ: string | null;
  betrag: number;
  mitglied: boolean;
  teilnahme: boolean;
  is_in: boolean;
  event_ids: number[];
}

/** The participant list of a seminar or one of its events, refreshed every 30 s (spec 002 §9). */
export const useTeilnehmerListe = (veranstaltungId: number, eventId: number | undefined) =>
  useApi<TeilnehmerZeile[]>(
    `/veranstaltung/${veranstaltungId}/teilnehmerListe`,
    eventId ? { event_id: eventId } : undefined,
    { refreshInterval: 30000 },
  );

/** Participation toggles (spec 002 §4): an absence from the given events, or the whole seminar. */
export const setzeTeilnahme = (
  teilnahme: boolean,
  body: { benutzer_id: number; veranstaltung_id: number; event_ids: number[] },
) =>
  request<unknown>(teilnahme ? 'DELETE' : 'POST', `${resourcePath('veranstaltung-nicht-teilnahme')}`, {
    body,
  });

/** Plain GET links (DESIGN.md §3): the seminar's single documents as PDF files. */
export const dokumentUrl = {
  bescheinigung: (veranstaltungId: number, benutzerId: number) =>
    buildUrl('/api/bescheinigung/seminar_teilnehmer', {
      veranstaltung_id: veranstaltungId,
      benutzer_id: benutzerId,
    }),
  teilnehmeruebersicht: (id: number) =>
    buildUrl(`${resourcePath('veranstaltung', id)}/teilnehmeruebersicht-pdf`),
};

/** A seminar's batch PDF once written: its name, its pages, and the job to download it from. */
export interface Sammelpdf extends Dateiergebnis {
  seiten: number;
}

/**
 * Long work (issue 18): all certificates of the seminar, or its Serienbrief, as one PDF; resolves
 * when it is written, reporting the documents done (auftrag.ts).
 */
export const sammelpdf = {
  bescheinigungen: (veranstaltungId: number, melde: Melder) =>
    langeArbeit<Sammelpdf>('/api/bescheinigung/seminar', { veranstaltung_id: veranstaltungId }, melde),
  serienbrief: (id: number, melde: Melder) =>
    langeArbeit<Sammelpdf>(`${resourcePath('veranstaltung', id)}/serienbrief-pdf`, {}, melde),
};

/** The file name of a download from its Content-Disposition (the exact one of filename*, else filename). */
export function dateinameAus(header: string | null, fallback: string): string {
  const exakt = /filename\*=UTF-8''([^;]+)/i.exec(header ?? '');
  if (exakt) return decodeURIComponent(exakt[1]);
  return /filename="([^"]+)"/i.exec(header ?? '')?.[1] ?? fallback;
}

/** `POST /node/api/pdf-vorlage/render` (spec 001 §7): the invitation PDF and its file name. */
export async function seminareinladung(body: Row): Promise<{ blob: Blob; name: string }> {
  const response = await send('POST', `${resourcePath('pdf-vorlage')}/render`, { body, timeout: 120000 });
  return {
    blob: await response.blob(),
    name: dateinameAus(response.headers.get('Content-Disposition'), 'Seminareinladung.pdf'),
  };
}
