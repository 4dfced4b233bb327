/**
 * GoBD (issue 29), for administrators: check the audit trail's hash chain, and download the tax
 * audit's data export (Z3 „Datenträgerüberlassung“) of a period chosen in a dialog. The server
 * decides who may (others see its German refusal) and audits every export.
 */
import {
  Button,
  Callout,
  Card,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  H4,
  H5,
  Intent,
} from '@blueprintjs/core';
import { useState } from 'react';
import { berlinDatum } from '../../../../common/kalender';
import { DateInput } from '../../components/inputs/DateInput';
import { errorMessage } from '../../lib/errors';
import { gobdExport, verlaufPruefen, type Kettenpruefung } from './api';

/** Today in the association's calendar (Berlin), as the server dates the audit trail, whatever the browser's zone. */
const heute = () => berlinDatum(new Date());

/** Hands a fetched file to the browser as a download. */
function speichern(datei: Blob, name: string) {
  const url = URL.createObjectURL(datei);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60000);
}

function ExportDialog({ onClose }: { onClose(): void }) {
  const [von, setVon] = useState<string | null>(`${heute().slice(0, 4)}-01-01`);
  const [bis, setBis] = useState<string | null>(heute());
  const [busy, setBusy] = useState(false);
  const [fehler, setFehler] = useState<string>();

  const exportieren = async () => {
    if (!von || !bis) return;
    setBusy(true);
    setFehler(undefined);
    try {
      speichern(await gobdExport(von, bis), `gobd-export_${von}_${bis}.zip`);
      onClose();
    } catch (error) {
      setFehler(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog isOpen title="Datenexport für die Betriebsprüfung (Z3)" onClose={onClose}>
      <DialogBody>
        <p>
          Rechnungen, Storno-Rechnungen, Buchungen, Zahlungen und der Verlauf, die im Zeitraum erfasst wurden,
          als CSV-Dateien (UTF-8, Semikolon) mit Beschreibung <code>index.xml</code> nach dem
          GDPdU-Beschreibungsstandard.
        </p>
        <FormGroup label="Von" labelFor="gobd-von">
          <DateInput id="gobd-von" value={von} onChange={setVon} />
        </FormGroup>
        <FormGroup label="Bis" labelFor="gobd-bis">
          <DateInput id="gobd-bis" value={bis} onChange={setBis} />
        </FormGroup>
        {fehler && <Callout intent={Intent.DANGER}>{fehler}</Callout>}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Abbrechen" onClick={onClose} />
            <Button
              intent={Intent.PRIMARY}
              icon="download"
              text="Exportieren"
              disabled={!von || !bis}
              loading={busy}
              onClick={() => void exportieren()}
            />
          </>
        }
      />
    </Dialog>
  );
}

export function GobdExport() {
  const [dialog, setDialog] = useState(false);
  const [pruefung, setPruefung] = useState<Kettenpruefung | { fehler: string }>();
  const [prueft, setPrueft] = useState(false);

  const pruefen = async () => {
    setPrueft(true);
    try {
      setPruefung(await verlaufPruefen());
    } catch (error) {
      setPruefung({ fehler: errorMessage(error) });
    } finally {
      setPrueft(false);
    }
  };

  return (
    <Card className="edit-frame">
      <H4>GoBD</H4>
      <H5>Verlauf prüfen</H5>
      <p>Jeder Verlaufseintrag trägt eine Prüfsumme über seinen Inhalt und den Eintrag davor (Hash-Kette).</p>
      <Button icon="endorsed" text="Verlauf prüfen" loading={prueft} onClick={() => void pruefen()} />
      {pruefung && (
        <Callout
          className="gobd-ergebnis"
          intent={'ok' in pruefung && pruefung.ok ? Intent.SUCCESS : Intent.DANGER}
          title={'ok' in pruefung && pruefung.ok ? 'Die Kette ist unversehrt' : 'Die Kette ist gebrochen'}
        >
          {'fehler' in pruefung
            ? pruefung.fehler
            : pruefung.ok
              ? `${pruefung.geprueft} Einträge geprüft.`
              : pruefung.meldung}
        </Callout>
      )}
      <H5>Datenexport für die Betriebsprüfung</H5>
      <Button icon="export" text="Datenexport (Z3)…" onClick={() => setDialog(true)} />
      {dialog && <ExportDialog onClose={() => setDialog(false)} />}
    </Card>
  );
}
