/** Which screen a path shows: detail routes and lists of the registry, edit windows, '/' and the 404 page. */
import { Spinner } from '@blueprintjs/core';
import { Fragment, Suspense, useEffect, type ReactNode } from 'react';
import { GenericEdit } from '../components/GenericEdit';
import { ResourceList } from '../components/ResourceList';
import { NotFound } from './NotFound';
import { configForPath, DETAIL_ROUTES } from './registry';
import { matchPath, navigate, type Location } from './router';

export const HOME = '/newsletter/newsletter';

export function Redirect({ to }: { to: string }) {
  useEffect(() => navigate(to, { replace: true }), [to]);
  return null;
}

/** The detail route matching `path`: its ids are numbers, the last may be 'new'. */
export function matchDetailRoute(path: string) {
  for (const route of DETAIL_ROUTES) {
    const raw = matchPath(route.pattern, path);
    if (!raw) continue;
    const values = Object.values(raw);
    const valid = values.every((v, i) => /^\d+$/.test(v) || (v === 'new' && i === values.length - 1));
    if (valid) return { route, raw };
  }
  return undefined;
}

function screen(path: string, query: URLSearchParams): ReactNode {
  if (path === '/') return <Redirect to={HOME} />;
  const detail = matchDetailRoute(path);
  if (detail) {
    const ids = Object.fromEntries(Object.entries(detail.raw).map(([key, value]) => [key, Number(value)]));
    return <Fragment key={path}>{detail.route.render(ids, detail.raw)}</Fragment>;
  }
  const config = configForPath(path)?.config;
  if (!config) return <NotFound />;
  if (path === config.path) {
    return config.page ? (
      <config.page key={config.path} config={config} />
    ) : (
      <ResourceList key={config.path} config={config} />
    );
  }
  const id = matchPath(`${config.path}/:id`, path)?.id;
  if (id === 'new' || (id && /^\d+$/.test(id))) {
    const Edit = config.edit ?? GenericEdit;
    // A new key per record (and per copy) starts the window afresh.
    return <Edit key={`${path}?${query.toString()}`} config={config} id={id} />;
  }
  return <NotFound />;
}

export function Page({ location }: { location: Location }) {
  return (
    <Suspense fallback={<Spinner className="app-loading" aria-label="Daten werden geladen" />}>
      {screen(location.path, location.query)}
    </Suspense>
  );
}
