/** SWR hooks over the ETag-aware GET (api.ts): one key per URL, the same object when unchanged. */
import useSWR, { mutate, type SWRConfiguration } from 'swr';
import { buildUrl, getWithEtag, resourcePath, type Query } from './api';

export function useApi<T>(path: string | null, query?: Query, config?: SWRConfiguration<T>) {
  const key = path === null ? null : buildUrl(path, query);
  return useSWR<T>(key, () => getWithEtag<T>(path as string, query), config);
}

export interface ListPage<T> {
  count: number;
  rows: T[];
}

/** A page of a generic resource list with its total (count=true, DESIGN.md §3). */
export function useResourceList<T>(
  resource: string | null,
  query: Query,
  config?: SWRConfiguration<ListPage<T>>,
) {
  return useApi<ListPage<T>>(
    resource === null ? null : resourcePath(resource),
    { ...query, count: true },
    { keepPreviousData: true, ...config },
  );
}

/** After a save or delete, every cached list and record of the resource is fetched again when shown. */
export function invalidateResource(resource: string): void {
  const base = buildUrl(resourcePath(resource));
  void mutate(
    (key) =>
      typeof key === 'string' && (key === base || key.startsWith(`${base}?`) || key.startsWith(`${base}/`)),
  );
}
