/** The logged-in staff user (spec 000 §6) and the session rules of §4 and §8. */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useSWRConfig } from 'swr';
import { api, onUnauthorized } from '../lib/api';
import { currentRoute, navigate } from './router';

export interface LoginInfo {
  id: number;
  kennnummer: string | null;
  name: string;
  verband: number | null;
  login: string;
}

interface Session {
  /** undefined while the first loginInfo call runs; null when nobody is logged in. */
  user: LoginInfo | null | undefined;
  login(user: string, password: string): Promise<void>;
  logout(): Promise<void>;
}

const SessionContext = createContext<Session | undefined>(undefined);

const LAST_ROUTE_KEY = 'lastRoute';

export function rememberRoute(route: string): void {
  if (!route.startsWith('/login')) localStorage.setItem(LAST_ROUTE_KEY, route);
}

export function lastRoute(): string {
  return localStorage.getItem(LAST_ROUTE_KEY) ?? '/';
}

/** The login page with the current route as redirect target. */
export function loginRoute(): string {
  const route = currentRoute();
  return route.startsWith('/login') ? route : `/login?redirect=${encodeURIComponent(route)}`;
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<LoginInfo | null | undefined>(undefined);
  const { mutate } = useSWRConfig();

  const dropSession = useCallback(() => {
    setUser(null);
    // Nothing of the previous user may flash up for the next one.
    void mutate(() => true, undefined, { revalidate: false });
  }, [mutate]);

  useEffect(() => {
    onUnauthorized(() => {
      dropSession();
      if (!currentRoute().startsWith('/login')) navigate(loginRoute());
    });
    api.get<LoginInfo>('/loginInfo').then(setUser, () => setUser(null));
  }, [dropSession]);

  const login = useCallback(async (name: string, password: string) => {
    await api.post('/login', { user: name, password });
    setUser(await api.get<LoginInfo>('/loginInfo'));
  }, []);

  const logout = useCallback(async () => {
    await api.post('/logout').catch(() => undefined);
    dropSession();
    navigate('/login');
  }, [dropSession]);

  const value = useMemo(() => ({ user, login, logout }), [user, login, logout]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}

/** The logged-in user inside the authenticated layout. */
export function useUser(): LoginInfo {
  const { user } = useSession();
  if (!user) throw new Error('useUser without a logged-in user');
  return user;
}
