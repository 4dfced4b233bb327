/**
 * Renders the open dialogs by name (spec 000 §2) from the features' slices; an unknown name is
 * reported, never a blank screen. Dialogs of another route close when the route changes.
 */
import { Alert, Button, Dialog, DialogBody, DialogFooter, Intent, Spinner } from '@blueprintjs/core';
import { Suspense, useEffect, type ComponentType } from 'react';
import { closeDialog, closeDialogsOutside, useOpenDialogs, type DialogProps } from '../lib/dialogs';
import { DIALOGS } from './registry';
import { useLocation } from './router';
import { SettingsDialog } from './SettingsDialog';

interface ConfirmProps extends DialogProps<boolean> {
  message: string;
  confirmText?: string;
  danger?: boolean;
}

function ConfirmDialog({ message, confirmText = 'OK', danger, close }: ConfirmProps) {
  return (
    <Alert
      isOpen
      icon={danger ? 'trash' : 'help'}
      intent={danger ? Intent.DANGER : Intent.PRIMARY}
      confirmButtonText={confirmText}
      cancelButtonText="Abbrechen"
      onConfirm={() => close(true)}
      onCancel={() => close(false)}
    >
      <p>{message}</p>
    </Alert>
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each dialog declares its own props
const SHELL_DIALOGS: Record<string, ComponentType<any>> = {
  Confirm: ConfirmDialog,
  Settings: SettingsDialog,
};

function MissingDialog({ name, close }: { name: string; close(): void }) {
  return (
    <Dialog isOpen title="Fehler" icon="error" onClose={() => close()} style={{ width: 400 }}>
      <DialogBody>{`dialog '${name}' not found`}</DialogBody>
      <DialogFooter actions={<Button text="Schließen" onClick={() => close()} />} />
    </Dialog>
  );
}

export function DialogHost() {
  const dialogs = useOpenDialogs();
  const location = useLocation();
  useEffect(() => closeDialogsOutside(window.location.hash), [location]);
  return (
    <>
      {dialogs.map(({ id, name, props }) => {
        const close = (result?: unknown) => closeDialog(id, result);
        const Component = SHELL_DIALOGS[name] ?? DIALOGS[name];
        return Component ? (
          <Suspense key={id} fallback={<Spinner size={20} />}>
            <Component {...props} close={close} />
          </Suspense>
        ) : (
          <MissingDialog key={id} name={name} close={close} />
        );
      })}
    </>
  );
}
