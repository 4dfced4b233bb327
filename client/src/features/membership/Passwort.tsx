/**
 * A user's password (spec 000 §2, §4, §8): it cannot be read, only whether one is set. The dialog
 * PasswordSet ('Neues Passwort setzen') sets it; removal asks first.
 */
import {
  Button,
  ButtonGroup,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  Intent,
  Tag,
} from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import { TextField } from '../../components/inputs/TextField';
import { passwortProblem } from '../../lib/passwort';
import { confirm, openDialog, type DialogProps } from '../../lib/dialogs';
import { reportError } from '../../lib/errors';
import { showToast } from '../../lib/toaster';
import { entfernePasswort, setzePasswort, usePasswortGesetzt } from './api';

/** The dialog PasswordSet (spec 000 §2), named in the membership slice. */
export function PasswordSetDialog({ benutzerId, close }: DialogProps<boolean> & { benutzerId: number }) {
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const check = passwortProblem(password, repeat);
    setProblem(check);
    if (check) return;
    setBusy(true);
    try {
      await setzePasswort(benutzerId, password);
      showToast('Passwort gesetzt');
      close(true);
    } catch (error) {
      reportError(error);
      setBusy(false);
    }
  };

  return (
    <Dialog
      isOpen
      title="Neues Passwort setzen"
      icon="key"
      onClose={() => close(false)}
      style={{ width: 400 }}
    >
      <DialogBody>
        <form id="password-set-form" onSubmit={(e) => void submit(e)}>
          <TextField
            id="password-set"
            label="Passwort"
            type="password"
            autoComplete="new-password"
            autoFocus
            value={password}
            onChange={setPassword}
          />
          <TextField
            id="password-set-repeat"
            label="Wiederholung"
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
            <Button text="Abbrechen" onClick={() => close(false)} />
            <Button
              type="submit"
              form="password-set-form"
              intent={Intent.PRIMARY}
              text="Passwort setzen"
              loading={busy}
              disabled={password === ''}
            />
          </>
        }
      />
    </Dialog>
  );
}

export function PasswortFeld({ benutzerId }: { benutzerId: number | undefined }) {
  const { data, mutate } = usePasswortGesetzt(benutzerId);
  if (!benutzerId) return null;
  const setzen = async () => {
    if (await openDialog<boolean>('PasswordSet', { benutzerId })) void mutate();
  };
  const entfernen = async () => {
    const sure = await confirm(
      'Wollen Sie wirklich das Passwort entfernen? Der Benutzer kann sich dann nicht mehr anmelden.',
      { confirmText: 'Entfernen', danger: true },
    );
    if (!sure) return;
    try {
      await entfernePasswort(benutzerId);
      showToast('Passwort entfernt');
    } catch (error) {
      reportError(error);
    }
    void mutate();
  };
  return (
    <FormGroup label="Passwort" className="passwort-feld">
      <Tag
        minimal
        large
        intent={data?.gesetzt ? Intent.SUCCESS : Intent.NONE}
        icon={data?.gesetzt ? 'lock' : 'unlock'}
      >
        {data === undefined ? '…' : data.gesetzt ? 'Passwort gesetzt' : 'kein Passwort'}
      </Tag>
      <ButtonGroup>
        <Button icon="key" text="Passwort setzen" onClick={() => void setzen()} />
        <Button
          icon="trash"
          text="Passwort entfernen"
          disabled={!data?.gesetzt}
          onClick={() => void entfernen()}
        />
      </ButtonGroup>
    </FormGroup>
  );
}
