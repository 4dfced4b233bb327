/** The client root: data layer, session, shell, dialog host. */
import { Spinner } from '@blueprintjs/core';
import { useEffect } from 'react';
import { SWRConfig } from 'swr';
import { reportError } from '../lib/errors';
import { DialogHost } from './DialogHost';
import { Layout } from './Layout';
import { LoginPage } from './LoginPage';
import { Page, Redirect } from './routes';
import { useLocation } from './router';
import { loginRoute, rememberRoute, SessionProvider, useSession } from './session';
import { UnsupportedBrowser } from './UnsupportedBrowser';

function Shell() {
  const location = useLocation();
  const { user } = useSession();
  const route = `${location.path}${location.query.size ? `?${location.query}` : ''}`;
  useEffect(() => {
    if (user) rememberRoute(route);
  }, [user, route]);
  if (location.path === '/login') return <LoginPage />;
  if (user === undefined) return <Spinner className="app-loading" />;
  if (user === null) return <Redirect to={loginRoute()} />;
  return (
    <Layout>
      <Page location={location} />
    </Layout>
  );
}

export function App() {
  return (
    <SWRConfig value={{ shouldRetryOnError: false, onError: reportError }}>
      <SessionProvider>
        <Shell />
        <DialogHost />
        <UnsupportedBrowser />
      </SessionProvider>
    </SWRConfig>
  );
}
