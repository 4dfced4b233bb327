/**
 * What the client remembers per staff user in localStorage: table states (page, sort, search,
 * filter) per resource and route, and the selected tab per route (spec 000 §2, §9).
 */
export interface TableState {
  page: number;
  pageSize: number;
  sort?: { field: string; dir: 'ASC' | 'DESC' };
  search: string;
  filter: string;
}

const TABLE_PREFIX = 'tableState:';
const TAB_PREFIX = 'tab:';

function storage(): Storage | undefined {
  return typeof localStorage === 'undefined' ? undefined : localStorage;
}

function read<T>(key: string): T | undefined {
  try {
    const raw = storage()?.getItem(key);
    return raw ? (JSON.parse(raw) as T) : undefined;
  } catch {
    return undefined;
  }
}

export function tableStateKey(userId: number, resource: string, route: string): string {
  return `${TABLE_PREFIX}${userId}:${resource}:${route}`;
}

export function loadTableState(key: string, defaults: TableState): TableState {
  return { ...defaults, ...read<Partial<TableState>>(key) };
}

export function saveTableState(key: string, state: TableState): void {
  storage()?.setItem(key, JSON.stringify(state));
}

const resetListeners = new Set<() => void>();

/** Lists on screen go back to their defaults when all table states are reset. */
export function onTableStatesReset(listener: () => void): () => void {
  resetListeners.add(listener);
  return () => resetListeners.delete(listener);
}

/** Removes every saved table state (settings dialog); returns how many there were. */
export function resetAllTableStates(): number {
  const store = storage();
  if (!store) return 0;
  const keys = Array.from({ length: store.length }, (_, i) => store.key(i)).filter(
    (key): key is string => key !== null && key.startsWith(TABLE_PREFIX),
  );
  keys.forEach((key) => store.removeItem(key));
  resetListeners.forEach((listener) => listener());
  return keys.length;
}

export const tabKey = (userId: number, route: string) => `${TAB_PREFIX}${userId}:${route}`;

export function loadTab(key: string): string | undefined {
  return read<string>(key);
}

export function saveTab(key: string, tab: string): void {
  storage()?.setItem(key, JSON.stringify(tab));
}
