/** The standalone login page (spec 000 §2): Benutzername, Passwort, Login; Enter submits. */
import { Button, Callout, Card, H3, Intent } from '@blueprintjs/core';
import { useEffect, useState, type FormEvent } from 'react';
import { TextField } from '../components/inputs/TextField';
import { errorMessage } from '../lib/errors';
import { navigate, useLocation } from './router';
import { lastRoute, useSession } from './session';

export function LoginPage() {
  const { user, login } = useSession();
  const { query } = useLocation();
  const target = query.get('redirect') || lastRoute();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  useEffect(() => {
    if (user) navigate(target, { replace: true });
  }, [user, target]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      await login(name, password);
    } catch (err) {
      setError(errorMessage(err));
      setBusy(false);
    }
  };

  return (
    <div className="login-page">
      <Card elevation={2} className="login-card">
        <H3>Verbandsverwaltung</H3>
        <form onSubmit={(e) => void submit(e)}>
          <TextField
            id="login-user"
            label="Benutzername"
            autoComplete="username"
            autoFocus
            value={name}
            onChange={setName}
          />
          <TextField
            id="login-password"
            label="Passwort"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={setPassword}
          />
          {error && (
            <Callout intent={Intent.DANGER} className="login-error">
              {error}
            </Callout>
          )}
          <Button type="submit" intent={Intent.PRIMARY} fill loading={busy} text="Login" />
        </form>
      </Card>
    </div>
  );
}
