/** The seminars context's own calls (beyond the generic resource API) and the records its windows read. */
import type { TypVorgaben } from '../../../../common/seminar';
import { uploadWithProgress } from '../../components/files/api';
import { api, buildUrl, resourcePath } from '../../lib/api';
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

/** `POST /node/api/{veranstaltung|veranstaltung-event}/{id}/createTlmsCourse` (spec 001 §7): the new course's id. */
export const erstelleTlmsKurs = (art: 'veranstaltung' | 'veranstaltung-event', id: number) =>
  api.post<{ id: string }>(`${resourcePath(art, id)}/createTlmsCourse`);

/** A plain GET link (spec 003 §7): the seminar's dates as an iCalendar file. */
export const icalUrl = (id: number) => buildUrl(`${resourcePath('veranstaltung', id)}/ical`);
