/** Datev import (spec 003 §2, §7, §8): upload a file; the answer shows in a dialog. */
import { Button, Card, Dialog, DialogBody, DialogFooter, FileInput, H4, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import { request } from '../../lib/api';
import { errorMessage } from '../../lib/errors';

interface DatevResult {
  message?: string;
  result?: { insert_datensatz?: number; update_datensatz?: number; delete_datensatz?: number };
}

type Outcome = { ok: true; seconds: number; answer: DatevResult } | { ok: false; message: string };

export function DatevImport() {
  const [file, setFile] = useState<File>();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>();

  const upload = async () => {
    if (!file) return;
    const form = new FormData();
    form.append('file', file);
    setBusy(true);
    const started = Date.now();
    try {
      const answer = await request<DatevResult>('POST', '/datev-import', { body: form, timeout: 600000 });
      setOutcome({ ok: true, seconds: Math.round((Date.now() - started) / 1000), answer });
    } catch (err) {
      setOutcome({ ok: false, message: errorMessage(err) });
    } finally {
      setBusy(false);
    }
  };

  const result = outcome?.ok ? outcome.answer.result : undefined;
  return (
    <Card className="edit-frame">
      <H4>Datev-Import</H4>
      <FileInput
        text={file?.name ?? 'Datei wählen…'}
        buttonText="Durchsuchen"
        onInputChange={(e) => setFile((e.target as HTMLInputElement).files?.[0])}
      />{' '}
      <Button
        intent={Intent.PRIMARY}
        icon="import"
        text="Importieren"
        disabled={!file}
        loading={busy}
        onClick={() => void upload()}
      />
      <Dialog
        isOpen={outcome !== undefined}
        title={outcome?.ok ? `Erfolgreich nach ${outcome.seconds} Sekunden` : 'Fehler'}
        onClose={() => setOutcome(undefined)}
      >
        <DialogBody>
          {outcome?.ok ? (
            <ul>
              <li>Angelegt: {result?.insert_datensatz ?? 0}</li>
              <li>Aktualisiert: {result?.update_datensatz ?? 0}</li>
              <li>Deaktiviert: {result?.delete_datensatz ?? 0}</li>
            </ul>
          ) : (
            outcome?.message
          )}
        </DialogBody>
        <DialogFooter actions={<Button text="OK" onClick={() => setOutcome(undefined)} />} />
      </Dialog>
    </Card>
  );
}
