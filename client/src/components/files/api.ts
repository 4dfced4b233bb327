/** The file area of a resource (`/node/api/{resource}/files`, spec 001 §7, 002 §2): list, upload, delete. */
import {
  buildUrl,
  notifyIfLoggedOut,
  RequestError,
  request,
  resourcePath,
  type ServerErrorBody,
} from '../../lib/api';
import { useApi } from '../../lib/hooks';

export interface FileEntry {
  name: string;
  /** The path inside the area, e.g. `vorlagen/rechnung.pdf`. */
  path: string;
  size: number;
  isDirectory: boolean;
  modifiedAt: string;
}

const filesPath = (resource: string) => `${resourcePath(resource)}/files`;
const encodePath = (path: string) => path.split('/').map(encodeURIComponent).join('/');

export const useFiles = (resource: string, dir: string) =>
  useApi<FileEntry[]>(filesPath(resource), { dir: dir || undefined }, { refreshInterval: 10000 });

/** A plain GET link: downloads work with the session cookie alone (DESIGN.md §3). */
export const downloadUrl = (resource: string, path: string) =>
  buildUrl(`${filesPath(resource)}/download/${encodePath(path)}`);

export const deleteFile = (resource: string, path: string) =>
  request('DELETE', `${filesPath(resource)}/${encodePath(path)}`);

/**
 * Sends one file as multipart `file` (and an optional `data` JSON part) with upload progress, which
 * fetch cannot report; same conventions as lib/api.ts: /node, X-Api-Request, German errors, only
 * the 403 of a missing session logs out. No timeout: a large file on a slow line may take minutes.
 */
export function uploadWithProgress<T>(
  method: 'POST' | 'PUT',
  path: string,
  file: File,
  onProgress: (fraction: number) => void,
  data?: unknown,
): Promise<T> {
  const form = new FormData();
  if (data !== undefined) form.append('data', JSON.stringify(data));
  form.append('file', file);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    // Same origin, so the session cookie goes along as with fetch's credentials 'same-origin'.
    xhr.open(method, buildUrl(path));
    xhr.setRequestHeader('X-Api-Request', '1');
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    xhr.onerror = () =>
      reject(
        new RequestError(
          'BADSTATUS',
          'Die Datei konnte nicht übertragen werden (keine Verbindung zum Server).',
          0,
        ),
      );
    xhr.onload = () => {
      let body: unknown;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(body as T);
        return;
      }
      notifyIfLoggedOut(xhr.status, body as ServerErrorBody | undefined);
      reject(
        new RequestError('BADSTATUS', `response status ${xhr.status}`, xhr.status, body as ServerErrorBody),
      );
    };
    xhr.send(form);
  });
}

/** Stores a new file under its own name in `dir`; a 409 means it exists (then `replaceFile`). */
export const uploadFile = (resource: string, dir: string, file: File, onProgress: (f: number) => void) =>
  uploadWithProgress(
    'POST',
    `${filesPath(resource)}${dir ? `?dir=${encodeURIComponent(dir)}` : ''}`,
    file,
    onProgress,
  );

export const replaceFile = (resource: string, path: string, file: File, onProgress: (f: number) => void) =>
  uploadWithProgress('PUT', `${filesPath(resource)}/${encodePath(path)}`, file, onProgress);
