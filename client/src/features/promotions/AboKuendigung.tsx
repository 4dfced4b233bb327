/**
 * „Kündigen“ of an Abo booking (spec 003 §4–§5, §7): cancelling picks a period end, or a date when
 * the Abo cancels instantly; an existing cancellation is revoked or adjusted. The checks are the
 * server's (its German message is shown); the dialog adds the warning about past seminars.
 */
import {
  Button,
  Callout,
  Checkbox,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Intent,
  Radio,
  RadioGroup,
} from '@blueprintjs/core';
import { useState } from 'react';
import { useUser } from '../../app/session';
import { request, resourcePath } from '../../lib/api';
import { errorMessage } from '../../lib/errors';
import { formatDateValue } from '../../lib/format';
import { useApi } from '../../lib/hooks';
import { showToast } from '../../lib/toaster';
import type { Row } from '../../resources/types';
import { kuendigungsAnfrage, kuendigungsWarnung, type KuendigungsArt } from './abo-kuendigung';

const heute = () => new Date().toISOString().slice(0, 10);

export interface AboKuendigungProps {
  buchung: Row;
  close(geaendert: boolean): void;
}

export function AboKuendigung({ buchung, close }: AboKuendigungProps) {
  const user = useUser();
  const gekuendigt = buchung.storno_valid_from != null;
  const [art, setArt] = useState<KuendigungsArt>(gekuendigt ? 'widerrufen' : 'kuendigen');
  const [turnusId, setTurnusId] = useState<number | null>(null);
  const [datum, setDatum] = useState('');
  const [loeschen, setLoeschen] = useState(false);
  const [fehler, setFehler] = useState<string>();
  const [laeuft, setLaeuft] = useState(false);
  const { data: abo } = useApi<Row>(resourcePath('wb-abo', Number(buchung.wb_abo_id)), {
    attributes: ['id', 'instant_storno'],
  });
  const { data: turni } = useApi<Row[]>(resourcePath('wb-abo-turnus'), {
    where: { wb_abo_id: buchung.wb_abo_id },
    order: [['von', 'ASC']],
  });
  const sofort = Boolean(abo?.instant_storno);
  const gewaehlt = turni?.find((t) => Number(t.id) === turnusId);
  const ende = sofort ? datum : gewaehlt ? String(gewaehlt.bis) : '';
  const warnung = kuendigungsWarnung(art, ende, heute());

  const ausfuehren = async () => {
    setLaeuft(true);
    setFehler(undefined);
    try {
      const { verb, body } = kuendigungsAnfrage({ art, sofort, turnusId, datum, loeschen, admin: user.name });
      await request('DELETE', `${resourcePath('wb-abo-buchung', Number(buchung.id))}/${verb}`, { body });
      showToast(art === 'widerrufen' ? 'Kündigung widerrufen' : 'Abo-Buchung gekündigt');
      close(true);
    } catch (error) {
      setFehler(errorMessage(error));
    } finally {
      setLaeuft(false);
    }
  };

  return (
    <Dialog isOpen title="Abo-Buchung kündigen" onClose={() => close(false)} style={{ width: 520 }}>
      <DialogBody>
        {gekuendigt && (
          <RadioGroup
            label={`Gekündigt zum ${formatDateValue(String(buchung.storno_valid_from))}`}
            selectedValue={art}
            onChange={(e) => {
              setArt(e.currentTarget.value as KuendigungsArt);
              setFehler(undefined);
            }}
          >
            <Radio value="widerrufen" label="Kündigung widerrufen" />
            <Radio value="kuendigen" label="Kündigung anpassen" />
          </RadioGroup>
        )}
        {art === 'kuendigen' && (
          <>
            {sofort ? (
              <FormGroup label="Kündigungsdatum" labelFor="abo-kuendigung-datum">
                <InputGroup
                  id="abo-kuendigung-datum"
                  type="date"
                  value={datum}
                  onChange={(e) => {
                    setDatum(e.target.value);
                    setFehler(undefined);
                  }}
                />
              </FormGroup>
            ) : (
              <FormGroup label="Kündigung zum Ende des Turnus" labelFor="abo-kuendigung-turnus">
                <HTMLSelect
                  id="abo-kuendigung-turnus"
                  value={turnusId ?? ''}
                  onChange={(e) => {
                    setTurnusId(e.currentTarget.value === '' ? null : Number(e.currentTarget.value));
                    // The refusal was about the choice before.
                    setFehler(undefined);
                  }}
                  options={[
                    { value: '', label: 'Bitte wählen' },
                    ...(turni ?? []).map((t) => ({
                      value: Number(t.id),
                      label: `${formatDateValue(String(t.von))} – ${formatDateValue(String(t.bis))}`,
                    })),
                  ]}
                />
              </FormGroup>
            )}
            <Checkbox
              checked={loeschen}
              label="Unabgerechnete Vorgänge löschen"
              onChange={(e) => setLoeschen(e.currentTarget.checked)}
            />
            {warnung && <Callout intent={Intent.WARNING}>{warnung}</Callout>}
          </>
        )}
        {fehler && <Callout intent={Intent.DANGER}>{fehler}</Callout>}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Abbrechen" onClick={() => close(false)} />
            <Button
              intent={Intent.PRIMARY}
              loading={laeuft}
              text={art === 'widerrufen' ? 'Kündigung widerrufen' : 'Kündigen'}
              onClick={() => void ausfuehren()}
            />
          </>
        }
      />
    </Dialog>
  );
}
