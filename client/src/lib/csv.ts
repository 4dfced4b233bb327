/** CSV export through the server (spec 000 §7): rows keyed by column title → a text/csv blob. */
import { request } from './api';

export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoke later: some browsers read the URL only after the click handler returns.
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

export async function exportCsv(rows: Record<string, unknown>[], name?: string): Promise<void> {
  const fileName = `${name || 'export'}.csv`;
  // The server names the file too, for anyone who fetches it without this client.
  const blob = await request<Blob>('POST', '/csv/stringify', {
    body: rows,
    query: { filename: fileName },
    responseType: 'blob',
  });
  saveBlob(blob, fileName);
}
