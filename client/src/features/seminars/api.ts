/** The seminars context's own calls (beyond the generic resource API). */
import { uploadWithProgress } from '../../components/files/api';
import { resourcePath } from '../../lib/api';
import type { Row } from '../../resources/types';

/** A download record and its file in one step (`POST /node/api/download/upload`). */
export const uploadDownload = (file: File, data: Row, onProgress: (fraction: number) => void) =>
  uploadWithProgress<Row>('POST', `${resourcePath('download')}/upload`, file, onProgress, data);
