/**
 * Datev import (spec 003 §2, §7, §8; issue 29): a Debitoren/Kreditoren file from the Steuerberater
 * into Benutzer. A large file is long work: its progress is shown until the answer arrives, which
 * shows in a dialog ('Erfolgreich nach N Sekunden' with the counts, or 'Fehler' with the reason).
 */
import {
  Button,
  Callout,
  Card,
  Checkbox,
  Dialog,
  DialogBody,
  DialogFooter,
  FileInput,
  H4,
  Intent,
} from '@blueprintjs/core';
import { useState } from 'react';
import { AuftragFortschritt, useLangeArbeit } from '../../components/auftrag/AuftragFortschritt';
import { langeArbeit } from '../../components/auftrag/auftrag';
import { errorMessage } from '../../lib/errors';

interface DatevResult {
  message?: string;
  result?: { insert_datensatz?: number; update_datensatz?: number; delete_datensatz?: number };
}

type Outcome = { ok: true; seconds: number; answer: DatevResult } | { ok: false; message: string };

export function DatevImport() {
  const [file, setFile] = useState<File>();
  const [vollstaendig, setVollstaendig] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>();
  const arbeit = useLangeArbeit();

  const upload = async () => {
    if (!file) return;
    const form = new FormData();
    form.append('vollstaendig', String(vollstaendig));
    form.append('file', file);
    const started = Date.now();
    try {
      const answer = await arbeit.ausfuehren((melde) =>
        langeArbeit<DatevResult>('/datev-import', form, melde),
      );
      setOutcome({ ok: true, seconds: Math.round((Date.now() - started) / 1000), answer });
    } catch (err) {
      setOutcome({ ok: false, message: errorMessage(err) });
    }
  };

  const result = outcome?.ok ? outcome.answer.result : undefined;
  return (
    <Card className="edit-frame">
      <H4>Datev-Import</H4>
      <p>
        Debitoren/Kreditoren-Datei aus DATEV (EXTF, Kategorie 16): neue Debitoren werden als Benutzer
        angelegt, bei vorhandenen (gleiche Debitorennummer) Anschrift und Bankverbindung übernommen.
        Kreditoren werden übersprungen.
      </p>
      <FileInput
        text={file?.name ?? 'Datei wählen…'}
        buttonText="Durchsuchen"
        inputProps={{ accept: '.csv,.txt' }}
        onInputChange={(e) => setFile((e.target as HTMLInputElement).files?.[0])}
      />
      <Checkbox
        label="Vollständiger Export: Debitoren, die in der Datei fehlen, deaktivieren"
        checked={vollstaendig}
        onChange={(e) => setVollstaendig(e.currentTarget.checked)}
      />
      {vollstaendig && (
        <Callout intent={Intent.WARNING} icon="warning-sign">
          Benutzer mit Debitorennummer, die nicht in der Datei stehen, werden deaktiviert (nicht gelöscht).
        </Callout>
      )}
      <Button
        intent={Intent.PRIMARY}
        icon="import"
        text="Importieren"
        disabled={!file}
        loading={arbeit.laeuft}
        onClick={() => void upload()}
      />
      {arbeit.laeuft && <AuftragFortschritt fortschritt={arbeit.fortschritt} einheit="Debitoren" />}
      <Dialog
        isOpen={outcome !== undefined}
        title={outcome?.ok ? `Erfolgreich nach ${outcome.seconds} Sekunden` : 'Fehler'}
        onClose={() => setOutcome(undefined)}
      >
        <DialogBody>
          {outcome?.ok ? (
            <>
              <ul>
                <li>Angelegt: {result?.insert_datensatz ?? 0}</li>
                <li>Aktualisiert: {result?.update_datensatz ?? 0}</li>
                <li>Deaktiviert: {result?.delete_datensatz ?? 0}</li>
              </ul>
              {outcome.answer.message && <p className="datev-meldung">{outcome.answer.message}</p>}
            </>
          ) : (
            outcome?.message
          )}
        </DialogBody>
        <DialogFooter actions={<Button text="OK" onClick={() => setOutcome(undefined)} />} />
      </Dialog>
    </Card>
  );
}
