/** The settings dialog (width 500, spec 000 §2 and §9): reset table states, change the password. */
import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  H5,
  InputGroup,
  Intent,
} from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import { api } from '../lib/api';
import { confirm, registerDialog, type DialogProps } from '../lib/dialogs';
import { reportError } from '../lib/errors';
import { showToast } from '../lib/toaster';
import { resetAllTableStates } from '../lib/user-storage';

function SettingsDialog({ close }: DialogProps) {
  const [oldPassword, setOldPassword] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const [busy, setBusy] = useState(false);

  const resetTables = async () => {
    if (await confirm('Wollen Sie wirklich alle gespeicherten Tabellen-Einstellungen zurücksetzen?')) {
      resetAllTableStates();
      showToast('Alle Tabellen-Einstellungen wurden zurückgesetzt.');
    }
  };

  const changePassword = async (event: FormEvent) => {
    event.preventDefault();
    if (password !== repeat) {
      setMismatch(true);
      return;
    }
    setMismatch(false);
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
          <FormGroup label="Altes Passwort" labelFor="old-password">
            <InputGroup
              id="old-password"
              type="password"
              autoComplete="current-password"
              value={oldPassword}
              onChange={(e) => setOldPassword(e.target.value)}
            />
          </FormGroup>
          <FormGroup label="Neues Passwort" labelFor="new-password">
            <InputGroup
              id="new-password"
              type="password"
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </FormGroup>
          <FormGroup label="Passwort wiederholen" labelFor="repeat-password">
            <InputGroup
              id="repeat-password"
              type="password"
              autoComplete="new-password"
              value={repeat}
              intent={mismatch ? Intent.DANGER : undefined}
              onChange={(e) => setRepeat(e.target.value)}
            />
          </FormGroup>
          {mismatch && <Callout intent={Intent.DANGER}>Passwörter stimmen nicht überein!</Callout>}
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

registerDialog('Settings', SettingsDialog);
