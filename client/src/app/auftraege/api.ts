/** The queue dashboard's calls (/node/api/auftraege): counts per job name, a name's jobs, retry. */
import { api } from '../../lib/api';
import { useApi } from '../../lib/hooks';

export type Zustand = 'waiting' | 'active' | 'delayed' | 'failed' | 'completed';

export type Zaehlung = { name: string } & Record<Zustand, number>;

export interface Auftrag {
  id: string;
  name: string;
  state: Zustand;
  attemptsMade: number;
  attempts: number;
  failedReason?: string;
  /** `{erledigt, gesamt, schritt}` of a Hintergrundauftrag; a finished run's `schritt` sums it up. */
  progress?: number | { erledigt?: number; gesamt?: number; schritt?: string };
  createdAt: string;
  finishedAt?: string;
  dataIds: Record<string, string | number>;
}

/** Jobs come and go by the second while a newsletter is sent. */
const AKTUALISIERUNG_MS = 5000;
/** The newest failed jobs of a name; older ones are rarely retried one by one. */
const SEITE = 50;

const PFAD = '/api/auftraege';

export function useUebersicht() {
  return useApi<Zaehlung[]>(PFAD, undefined, { refreshInterval: AKTUALISIERUNG_MS });
}

export function useFehlgeschlagene(name: string | undefined) {
  return useApi<Auftrag[]>(
    name === undefined ? null : `${PFAD}/${encodeURIComponent(name)}`,
    { status: 'failed', offset: 0, limit: SEITE },
    { refreshInterval: AKTUALISIERUNG_MS },
  );
}

/** The latest finished runs of a name (what a daily job did). */
export function useErledigte(name: string | undefined) {
  return useApi<Auftrag[]>(
    name === undefined ? null : `${PFAD}/${encodeURIComponent(name)}`,
    { status: 'completed', offset: 0, limit: 10 },
    { refreshInterval: AKTUALISIERUNG_MS },
  );
}

export const wiederholen = (auftrag: Auftrag) =>
  api.post<Auftrag>(
    `${PFAD}/${encodeURIComponent(auftrag.name)}/${encodeURIComponent(auftrag.id)}/wiederholen`,
  );
