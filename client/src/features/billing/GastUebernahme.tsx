/**
 * A guest registration taken over as a Benutzer (issue 28): a new Benutzer made of the registration
 * (name, e-mail, address), or one staff pick; the server books the registered seminar for it. The
 * dialog is the confirmation; afterwards the Benutzer opens.
 */
import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  Intent,
  SegmentedControl,
} from '@blueprintjs/core';
import { useState } from 'react';
import { navigate } from '../../app/router';
import { RecordSelect } from '../../components/inputs/RecordSelect';
import type { DialogProps } from '../../lib/dialogs';
import { errorMessage } from '../../lib/errors';
import { invalidateResource } from '../../lib/hooks';
import { showToast } from '../../lib/toaster';
import type { Row } from '../../resources/types';
import { abrechnungGeaendert, uebernehmeGast } from './api';

type Art = 'neu' | 'vorhanden';

const name = (gast: Row) =>
  [gast.vorname, gast.nachname].filter(Boolean).join(' ') || String(gast.firma ?? '') || `#${gast.id}`;

const kennLabel = (row: Row) =>
  `${row.anzeigename ?? `#${row.id}`}${row.kennnummer ? ` (${row.kennnummer})` : ''}`;

/** The dialog GastUebernahme, named in the billing slice. */
export function GastUebernahmeDialog({ gast, close }: DialogProps<boolean> & { gast: Row }) {
  const [art, setArt] = useState<Art>('neu');
  const [vorhanden, setVorhanden] = useState<number | null>(null);
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);

  const uebernehmen = async () => {
    setProblem(undefined);
    setBusy(true);
    try {
      const ergebnis = await uebernehmeGast(gast.id as number, art === 'neu' ? null : vorhanden);
      invalidateResource('gastanmeldung');
      invalidateResource('benutzer');
      abrechnungGeaendert();
      showToast('Gastanmeldung übernommen');
      close(true);
      navigate(`/benutzer/benutzer/${ergebnis.benutzer_id}`);
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      isOpen
      title="Gastanmeldung übernehmen"
      icon="new-person"
      onClose={() => close(false)}
      style={{ width: 560 }}
    >
      <DialogBody>
        <p>
          Die Gastanmeldung von <strong>{name(gast)}</strong>
          {gast.email ? ` (${gast.email})` : ''} wird als Benutzer übernommen; das angemeldete Seminar wird
          für den Benutzer gebucht.
        </p>
        <SegmentedControl
          fill
          value={art}
          onValueChange={(value) => {
            setArt(value as Art);
            setProblem(undefined);
          }}
          options={[
            { value: 'neu', label: 'Neuen Benutzer anlegen' },
            { value: 'vorhanden', label: 'Vorhandenen Benutzer wählen' },
          ]}
        />
        {art === 'neu' ? (
          <p className="gast-uebernahme-hinweis">
            Name, E-Mail-Adresse und Anschrift werden aus der Gastanmeldung übernommen.
          </p>
        ) : (
          <FormGroup
            label="Vorhandener Benutzer"
            labelFor="gast-vorhanden"
            className="gast-uebernahme-hinweis"
          >
            <RecordSelect
              id="gast-vorhanden"
              resource="benutzer"
              value={vorhanden}
              onChange={setVorhanden}
              label={kennLabel}
              query={{ attributes: ['id', 'kennnummer', 'anzeigename'], order: [['sortname', 'ASC']] }}
            />
          </FormGroup>
        )}
        {problem && <Callout intent={Intent.DANGER}>{problem}</Callout>}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Abbrechen" onClick={() => close(false)} />
            <Button
              intent={Intent.PRIMARY}
              icon="new-person"
              text="Übernehmen"
              loading={busy}
              disabled={art === 'vorhanden' && !vorhanden}
              onClick={() => void uebernehmen()}
            />
          </>
        }
      />
    </Dialog>
  );
}
