/**
 * 'Vorgang hinzufügen' (issue 13; spec 003 §4): a booking of the seminar or one of its events for
 * the member or one of its employees, with an optional discount and voucher. The amount comes
 * from the server (`POST …/rw-transaction/preis`), the booking is saved with `POST …/rw-transaction`.
 */
import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  HTMLTable,
  InputGroup,
  Intent,
} from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { fieldLabel } from '../../../../common/vocabulary';
import { Amount } from '../../components/inputs/Amount';
import { resourcePath } from '../../lib/api';
import { errorMessage } from '../../lib/errors';
import { useApi } from '../../lib/hooks';
import { formatDateValue } from '../../lib/format';
import { showErrorToast, showToast } from '../../lib/toaster';
import type { Row } from '../../resources/types';
import { abrechnungGeaendert, buchen, buchungsPreis, type Preisauskunft } from './api';
import {
  BUCHUNGS_TYPEN,
  buchungsAnfrage,
  gutscheinAnzeige,
  gutscheinEingabe,
  neueBuchung,
  typWechseln,
  type BuchungsTyp,
} from './buchung';

const label = (feld: string) => fieldLabel('rw-buchung', feld) ?? feld;
const AUTOMATISCH = 'auto';

export interface BuchungDialogProps {
  veranstaltungId: number;
  benutzerId: number;
  close(): void;
}

export function BuchungDialog({ veranstaltungId, benutzerId, close }: BuchungDialogProps) {
  const [eingabe, setEingabe] = useState(neueBuchung);
  const [auskunft, setAuskunft] = useState<Preisauskunft | null>(null);
  const [fehler, setFehler] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const { data: events } = useApi<Row[]>(resourcePath('veranstaltung-event'), {
    where: { veranstaltung_id: veranstaltungId },
    order: [['datum', 'ASC']],
  });
  // The member and its employees (spec 002 §2 'Verfügbare Teilnehmer').
  const { data: personen } = useApi<Row[]>(resourcePath('benutzer'), {
    where: { $or: [{ id: benutzerId }, { parent_id: benutzerId }] },
    attributes: ['id', 'anzeigename', 'kennnummer', 'parent_id'],
    order: [['id', 'ASC']],
  });
  const anfrage = buchungsAnfrage(eingabe, { benutzer_id: benutzerId, veranstaltung_id: veranstaltungId });
  const schluessel = JSON.stringify(anfrage);

  // The price follows every complete input; an older answer never overwrites a newer one.
  useEffect(() => {
    if (!anfrage) {
      setAuskunft(null);
      setFehler(null);
      return;
    }
    let aktuell = true;
    buchungsPreis(anfrage).then(
      (antwort) => {
        if (!aktuell) return;
        setAuskunft(antwort);
        setFehler(null);
      },
      (error: unknown) => {
        if (!aktuell) return;
        setAuskunft(null);
        setFehler(errorMessage(error));
      },
    );
    return () => {
      aktuell = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the request's JSON is its identity
  }, [schluessel]);

  const speichern = async () => {
    if (!anfrage) return;
    setSaving(true);
    try {
      await buchen(anfrage);
      showToast('Vorgang angelegt');
      abrechnungGeaendert();
      close();
    } catch (error) {
      showErrorToast(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  const rabattWert = eingabe.wb_rabatt_id === undefined ? AUTOMATISCH : String(eingabe.wb_rabatt_id);
  return (
    <Dialog
      isOpen
      title="Vorgang hinzufügen"
      onClose={close}
      style={{ width: 800 }}
      className="buchung-dialog"
    >
      <DialogBody>
        <FormGroup label={label('buchung_typ')} labelFor="buchung-typ">
          <HTMLSelect
            id="buchung-typ"
            fill
            value={eingabe.buchung_typ}
            options={BUCHUNGS_TYPEN}
            onChange={(e) => setEingabe(typWechseln(eingabe, e.target.value as BuchungsTyp))}
          />
        </FormGroup>
        {eingabe.buchung_typ === 'event' && (
          <FormGroup label={label('veranstaltung_event_id')} labelFor="buchung-event">
            <HTMLSelect
              id="buchung-event"
              fill
              value={eingabe.veranstaltung_event_id ?? ''}
              options={[
                { value: '', label: '' },
                ...(events ?? []).map((e) => ({
                  value: String(e.id),
                  label: [e.titel, formatDateValue(e.datum as string)].filter(Boolean).join(' – '),
                })),
              ]}
              onChange={(e) =>
                setEingabe({
                  ...eingabe,
                  veranstaltung_event_id: e.target.value ? Number(e.target.value) : null,
                })
              }
            />
          </FormGroup>
        )}
        <FormGroup label={label('teilnehmer_id')} labelFor="buchung-teilnehmer">
          <HTMLSelect
            id="buchung-teilnehmer"
            fill
            value={eingabe.teilnehmer_id ?? ''}
            options={[
              { value: '', label: '' },
              ...(personen ?? []).map((p) => ({
                value: String(p.id),
                label: `${String(p.anzeigename ?? p.id)}${p.kennnummer ? ` (${String(p.kennnummer)})` : ''}`,
              })),
            ]}
            onChange={(e) =>
              setEingabe({ ...eingabe, teilnehmer_id: e.target.value ? Number(e.target.value) : null })
            }
          />
        </FormGroup>
        <FormGroup label={label('wb_rabatt_id')} labelFor="buchung-rabatt">
          <HTMLSelect
            id="buchung-rabatt"
            fill
            value={rabattWert}
            options={[
              { value: AUTOMATISCH, label: 'Bester gültiger Rabatt' },
              { value: '0', label: 'Kein Rabatt' },
              ...(auskunft?.rabatte ?? []).map((r) => ({ value: String(r.id), label: r.titel })),
            ]}
            onChange={(e) =>
              setEingabe({
                ...eingabe,
                wb_rabatt_id: e.target.value === AUTOMATISCH ? undefined : Number(e.target.value),
              })
            }
          />
        </FormGroup>
        <FormGroup label={label('voucher_code')} labelFor="buchung-gutschein">
          <InputGroup
            id="buchung-gutschein"
            value={eingabe.voucher_code}
            onChange={(e) => setEingabe({ ...eingabe, voucher_code: gutscheinEingabe(e.target.value) })}
          />
        </FormGroup>
        {fehler && <Callout intent={Intent.DANGER}>{fehler}</Callout>}
        {auskunft && (
          <HTMLTable compact className="buchung-preis">
            <tbody>
              <tr>
                <td>{label('titel')}</td>
                <td>{auskunft.titel}</td>
              </tr>
              <tr>
                <td>{label('preis')}</td>
                <td>
                  <Amount value={auskunft.preis} />
                  {auskunft.preis_stufe != null && ` (Preisstufe ${auskunft.preis_stufe})`}
                </td>
              </tr>
              {auskunft.rabatt_id != null && (
                <tr>
                  <td>{label('wb_rabatt_id')}</td>
                  <td>{auskunft.rabatte.find((r) => r.id === auskunft.rabatt_id)?.titel}</td>
                </tr>
              )}
              {auskunft.gutschein && (
                <tr>
                  <td>{label('voucher_code')}</td>
                  <td data-gutschein={auskunft.gutschein.code}>{gutscheinAnzeige(auskunft.gutschein)}</td>
                </tr>
              )}
              <tr>
                <td>{label('betrag')}</td>
                <td className="buchung-betrag">
                  <Amount value={auskunft.betrag} />
                </td>
              </tr>
            </tbody>
          </HTMLTable>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Abbrechen" onClick={close} />
            <Button
              intent={Intent.SUCCESS}
              text="Speichern"
              loading={saving}
              disabled={!anfrage || !auskunft}
              onClick={() => void speichern()}
            />
          </>
        }
      />
    </Dialog>
  );
}
