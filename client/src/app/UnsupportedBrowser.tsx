/** The Internet Explorer dialog of spec 000 §2 (IE itself cannot run the app; index.html shows the same text there). */
import { Button, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { useState } from 'react';

export const isInternetExplorer = (userAgent: string) => /MSIE |Trident\//.test(userAgent);

export function UnsupportedBrowser() {
  const [open, setOpen] = useState(() => isInternetExplorer(navigator.userAgent));
  return (
    <Dialog
      isOpen={open}
      title="Browser wird nicht unterstützt"
      icon="warning-sign"
      onClose={() => setOpen(false)}
    >
      <DialogBody>
        Der Internet Explorer wird nicht unterstützt. Bitte verwenden Sie einen aktuellen Browser wie Firefox,
        Chrome oder Edge.
      </DialogBody>
      <DialogFooter actions={<Button text="OK" onClick={() => setOpen(false)} />} />
    </Dialog>
  );
}
