/** Which screen a path shows: lists and edit windows from the registry, '/' and the 404 page. */
import { useEffect } from 'react';
import { GenericEdit } from '../components/GenericEdit';
import { ResourceList } from '../components/ResourceList';
import { configForPath } from '../resources/registry';
import { NotFound } from './NotFound';
import { matchPath, navigate, type Location } from './router';

export const HOME = '/newsletter/newsletter';

export function Redirect({ to }: { to: string }) {
  useEffect(() => navigate(to, { replace: true }), [to]);
  return null;
}

export function Page({ location }: { location: Location }) {
  const { path, query } = location;
  if (path === '/') return <Redirect to={HOME} />;
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
