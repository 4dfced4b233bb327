/** Renders the open dialogs by name (spec 000 §2); an unknown name is reported, never a blank screen. */
import { Alert, Button, Dialog, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import {
  closeDialog,
  dialogComponent,
  registerDialog,
  useOpenDialogs,
  type DialogProps,
} from '../lib/dialogs';

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

registerDialog('Confirm', ConfirmDialog);

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
  return (
    <>
      {dialogs.map(({ id, name, props }) => {
        const close = (result?: unknown) => closeDialog(id, result);
        const Component = dialogComponent(name);
        return Component ? (
          <Component key={id} {...props} close={close} />
        ) : (
          <MissingDialog key={id} name={name} close={close} />
        );
      })}
    </>
  );
}
