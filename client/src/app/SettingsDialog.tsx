/** The settings dialog (width 500, spec 000 §2 and §9): reset table states, change the password. */
import { Button, Callout, Dialog, DialogBody, DialogFooter, H5, Intent } from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import { TextField } from '../components/inputs/TextField';
import { api } from '../lib/api';
import { confirm, type DialogProps } from '../lib/dialogs';
import { reportError } from '../lib/errors';
import { passwortProblem } from '../lib/passwort';
import { showToast } from '../lib/toaster';
import { resetAllTableStates } from '../lib/user-storage';

export function SettingsDialog({ close }: DialogProps) {
  const [oldPassword, setOldPassword] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);

  const resetTables = async () => {
    if (await confirm('Wollen Sie wirklich alle gespeicherten Tabellen-Einstellungen zurücksetzen?')) {
      resetAllTableStates();
      showToast('Alle Tabellen-Einstellungen wurden zurückgesetzt.');
    }
  };

  const changePassword = async (event: FormEvent) => {
    event.preventDefault();
    const check = passwortProblem(password, repeat);
    setProblem(check);
    if (check) return;
    setBusy(true);
    try {
      await api.post('/setPassword', { old_password: oldPassword, password });
      showToast('Passwort erfolgreich geändert!');
      close();
    } catch (err) {
      reportError(err);
      setBusy(false);
    }
  };

  return (
    <Dialog isOpen title="Einstellungen" icon="cog" onClose={() => close()} style={{ width: 500 }}>
      <DialogBody>
        <H5>Tabellen</H5>
        <p>Seite, Sortierung, Suche und Zeitfilter werden je Tabelle gespeichert.</p>
        <Button icon="reset" text="Alle Tabellen zurücksetzen" onClick={() => void resetTables()} />
        <H5 className="settings-section">Passwort ändern</H5>
        <form id="password-form" onSubmit={(e) => void changePassword(e)}>
          <TextField
            id="old-password"
            label="Altes Passwort"
            type="password"
            autoComplete="current-password"
            value={oldPassword}
            onChange={setOldPassword}
          />
          <TextField
            id="new-password"
            label="Neues Passwort"
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={setPassword}
          />
          <TextField
            id="repeat-password"
            label="Passwort wiederholen"
            type="password"
            autoComplete="new-password"
            value={repeat}
            onChange={setRepeat}
            invalid={Boolean(problem)}
          />
          {problem && <Callout intent={Intent.DANGER}>{problem}</Callout>}
        </form>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Schließen" onClick={() => close()} />
            <Button
              type="submit"
              form="password-form"
              intent={Intent.PRIMARY}
              text="Passwort ändern"
              loading={busy}
              disabled={password === ''}
            />
          </>
        }
      />
    </Dialog>
  );
}
