/**
 * A billing dialog that asks one value and sends it (issue 28: an invoice paid by hand, a
 * statement entry assigned): the server's German refusal — or the caller's own — is shown under
 * the field and the dialog stays open; Enter sends; a change of the value clears the message.
 */
import { Button, Dialog, DialogBody, DialogFooter, FormGroup, Intent } from '@blueprintjs/core';
import { useState, type ReactNode } from 'react';
import { errorMessage } from '../../lib/errors';

export function EinFeldDialog({
  titel,
  breite,
  kopf,
  label,
  feldId,
  aktion,
  bereit,
  senden,
  close,
  children,
}: {
  titel: string;
  breite: number;
  /** Shown above the field. */
  kopf?: ReactNode;
  label: string;
  /** The id of the field's input, for its label. */
  feldId: string;
  aktion: { text: string; intent: Intent };
  /** Whether the value can be sent. */
  bereit: boolean;
  /** Sends the value; an error it throws is shown under the field. Closes when it ends. */
  senden(): Promise<void>;
  close(): void;
  /** The field; `geaendert` clears the message. */
  children(geaendert: () => void): ReactNode;
}) {
  const [fehler, setFehler] = useState<string>();
  const [busy, setBusy] = useState(false);

  const absenden = async () => {
    if (!bereit || busy) return;
    setBusy(true);
    try {
      await senden();
      close();
    } catch (error) {
      setFehler(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog isOpen title={titel} onClose={close} style={{ width: breite }}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void absenden();
        }}
      >
        <DialogBody>
          {kopf}
          <FormGroup
            label={label}
            labelFor={feldId}
            helperText={fehler}
            intent={fehler ? Intent.DANGER : Intent.NONE}
          >
            {children(() => setFehler(undefined))}
          </FormGroup>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Abbrechen" onClick={close} />
              <Button
                type="submit"
                intent={aktion.intent}
                text={aktion.text}
                disabled={!bereit}
                loading={busy}
              />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
