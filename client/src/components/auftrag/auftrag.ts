/**
 * Long work on the server (issue 18): the call that starts it answers its result when it is quick,
 * else 202 with `{ auftrag: { name, id } }`; then `GET /node/api/auftraege/{name}/{id}` is polled
 * for the progress until the result or the German failure arrives.
 */
import { buildUrl, request, RequestError, send } from '../../lib/api';

export interface Fortschritt {
  erledigt: number;
  /** 0 while the server does not know yet how much there is. */
  gesamt: number;
  schritt?: string;
}

/** The server's answer of the status route (src/platform/queue/hintergrund.ts). */
interface Auftragsstand {
  zustand: 'waiting' | 'delayed' | 'active' | 'completed' | 'failed';
  fortschritt: Fortschritt | null;
  ergebnis?: unknown;
  fehler?: string;
}

export type Melder = (fortschritt: Fortschritt | null) => void;

export interface AuftragVerweis {
  name: string;
  id: string;
}

/** What long work that ends in a file answers (batch PDFs): the download name and the run to fetch it from. */
export interface Dateiergebnis {
  name: string;
  auftrag: AuftragVerweis;
}

const auftragPfad = ({ name, id }: AuftragVerweis) =>
  `/api/auftraege/${encodeURIComponent(name)}/${encodeURIComponent(id)}`;

/**
 * The pause before the n-th look at a running job (from 0): soon at first, so that short work is
 * done without waiting half a second and a fast run still shows its counts, then every half second.
 */
export function abfragePause(n: number): number {
  return [100, 200, 300][n] ?? 500;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sends `body` to `path` and resolves with the result, however long the work runs. */
export async function langeArbeit<T>(path: string, body: unknown, melde: Melder): Promise<T> {
  const response = await send('POST', path, { body });
  const text = await response.text();
  const antwort = text ? (JSON.parse(text) as unknown) : undefined;
  if (response.status !== 202) return antwort as T;
  const { name, id } = (antwort as { auftrag: { name: string; id: string } }).auftrag;
  for (let abfrage = 0; ; abfrage++) {
    await pause(abfragePause(abfrage));
    const stand = await request<Auftragsstand>('GET', auftragPfad({ name, id }));
    melde(stand.fortschritt);
    if (stand.zustand === 'completed') return stand.ergebnis as T;
    if (stand.zustand === 'failed') {
      const message = stand.fehler ?? 'Der Auftrag ist fehlgeschlagen.';
      // Shown like the refusal the quick call would have answered.
      throw new RequestError('BADSTATUS', message, 409, { statusCode: 409, message });
    }
  }
}

/** The JSON file a completed job wrote (a CSV comparison's buckets), too large for its result. */
export const dateiLesen = <T>({ auftrag }: Dateiergebnis): Promise<T> =>
  request<T>('GET', `${auftragPfad(auftrag)}/datei`);

/**
 * Saves the file a completed job wrote: a plain link, so the browser streams it to disk however
 * large it is, under the name the server gives it.
 */
export function dateiHerunterladen({ name, auftrag }: Dateiergebnis): void {
  const link = document.createElement('a');
  link.href = buildUrl(`${auftragPfad(auftrag)}/datei`);
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
}

/** "37 von 120 Rechnungen" (German thousands), or what is being done while the amount is unknown. */
export function fortschrittText(fortschritt: Fortschritt | null, einheit: string): string {
  if (!fortschritt || fortschritt.gesamt <= 0) return fortschritt?.schritt ?? 'Wird gestartet …';
  const zahl = (n: number) => n.toLocaleString('de-DE');
  const zaehlung = `${zahl(fortschritt.erledigt)} von ${zahl(fortschritt.gesamt)} ${einheit}`;
  return fortschritt.schritt ? `${zaehlung} – ${fortschritt.schritt}` : zaehlung;
}
