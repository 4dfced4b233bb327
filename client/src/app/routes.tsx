/** Which screen a path shows: lists and edit windows from the registry, '/' and the 404 page. */
import { Fragment, useEffect } from 'react';
import { GenericEdit } from '../components/GenericEdit';
import { ResourceList } from '../components/ResourceList';
import { MEMBERSHIP_ROUTES, type DetailRoute } from '../features/membership/routes';
import { configForPath } from '../resources/registry';
import { NotFound } from './NotFound';
import { matchPath, navigate, type Location } from './router';

export const HOME = '/newsletter/newsletter';

export function Redirect({ to }: { to: string }) {
  useEffect(() => navigate(to, { replace: true }), [to]);
  return null;
}

/** Windows below a record (e.g. /benutzer/benutzer/12/rw); ids are numbers, the last may be 'new'. */
const DETAIL_ROUTES: DetailRoute[] = [...MEMBERSHIP_ROUTES];

function detailPage(path: string) {
  for (const route of DETAIL_ROUTES) {
    const raw = matchPath(route.pattern, path);
    if (!raw) continue;
    const values = Object.values(raw);
    const valid = values.every((v, i) => /^\d+$/.test(v) || (v === 'new' && i === values.length - 1));
    if (!valid) continue;
    const ids = Object.fromEntries(Object.entries(raw).map(([key, value]) => [key, Number(value)]));
    return <Fragment key={path}>{route.render(ids, raw)}</Fragment>;
  }
  return null;
}

export function Page({ location }: { location: Location }) {
  const { path, query } = location;
  if (path === '/') return <Redirect to={HOME} />;
  const detail = detailPage(path);
  if (detail) return detail;
  const config = configForPath(path)?.config;
  if (config?.page && path === config.path) return <config.page />;
  if (config && !config.page) {
    if (path === config.path) return <ResourceList key={config.path} config={config} />;
    const id = matchPath(`${config.path}/:id`, path)?.id;
    if (id === 'new' || (id && /^\d+$/.test(id))) {
      const Edit = config.edit ?? GenericEdit;
      // A new key per record (and per copy) starts the window afresh.
      return <Edit key={`${path}?${query.toString()}`} config={config} id={id} />;
    }
  }
  return <NotFound />;
}
