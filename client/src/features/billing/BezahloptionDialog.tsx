/**
 * The payment option of a member for one category object (spec 002 §3): address, typ
 * (Einzugsermächtigung / Überweisung), account, refund type and account, skript_per_post (default
 * true for verband 3, spec 002 §9). Addresses and accounts are the member's own.
 */
import { Button, Dialog, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import { enumLabels, fieldLabel } from '../../../../common/vocabulary';
import { useUser } from '../../app/session';
import { FieldForm } from '../../components/FieldForm';
import { resourcePath } from '../../lib/api';
import { errorMessage, fieldErrors } from '../../lib/errors';
import { useApi } from '../../lib/hooks';
import { showErrorToast, showToast } from '../../lib/toaster';
import type { FieldDef, Row } from '../../resources/types';
import type { AbrechnungsArt } from './abrechnung';
import { abrechnungGeaendert, bezahloptionSpeichern } from './api';

const RESOURCE = 'rw-bezahloption';
const label = (feld: string) => fieldLabel(RESOURCE, feld) ?? feld;
const KEINE = { value: null, label: '' };

const typOptionen = () =>
  Object.entries(enumLabels(RESOURCE, 'typ') ?? {}).map(([value, text]) => ({ value, label: text }));

/** Only the option's own columns go back to the server, not its included address and accounts. */
const OHNE_VERKNUEPFUNGEN = ['Benutzer_Adresse', 'Benutzer_Konto', 'Neg_Benutzer_Konto', 'Benutzer'];

export interface BezahloptionDialogProps {
  art: AbrechnungsArt;
  id: number;
  benutzerId: number;
  option: Row | null;
  close(gespeichert: boolean): void;
}

export function BezahloptionDialog({ art, id, benutzerId, option, close }: BezahloptionDialogProps) {
  const user = useUser();
  const [record, setRecord] = useState<Row>(
    () =>
      option ?? {
        benutzer_id: benutzerId,
        category: art.category,
        [art.feld]: id,
        typ: 'transfer',
        skript_per_post: user.verband === 3,
      },
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const eigene = { where: { benutzer_id: benutzerId }, order: [['id', 'ASC']] };
  const { data: adressen } = useApi<Row[]>(resourcePath('benutzer-adresse'), eigene);
  const { data: konten } = useApi<Row[]>(resourcePath('benutzer-konto'), eigene);
  const adressOptionen = (adressen ?? []).map((a) => ({
    value: Number(a.id),
    label: [a.bezeichnung, a.strasse, [a.plz, a.ort].filter(Boolean).join(' ')].filter(Boolean).join(', '),
  }));
  const kontoOptionen = (konten ?? []).map((k) => ({
    value: Number(k.id),
    label: [k.bezeichnung ?? k.inhaber, k.iban].filter(Boolean).join(' – '),
  }));
  const felder: FieldDef[] = [
    {
      name: 'benutzer_adresse_id',
      label: label('benutzer_adresse_id'),
      type: 'select',
      options: [KEINE, ...adressOptionen],
    },
    { name: 'typ', label: label('typ'), type: 'select', options: typOptionen() },
    {
      name: 'benutzer_konto_id',
      label: label('benutzer_konto_id'),
      type: 'select',
      options: [KEINE, ...kontoOptionen],
    },
    { name: 'neg_typ', label: label('neg_typ'), type: 'select', options: [KEINE, ...typOptionen()] },
    {
      name: 'neg_benutzer_konto_id',
      label: label('neg_benutzer_konto_id'),
      type: 'select',
      options: [KEINE, ...kontoOptionen],
    },
    { name: 'skript_per_post', label: label('skript_per_post'), type: 'boolean' },
    // Issue 29: a firm gets its invoices as e-invoice anyway; this asks for it without firma.
    { name: 'e_rechnung', label: label('e_rechnung'), type: 'boolean' },
    { name: 'leitweg_id', label: label('leitweg_id'), type: 'text' },
  ];

  const speichern = async () => {
    setSaving(true);
    try {
      const werte = Object.fromEntries(
        Object.entries(record).filter(([k]) => !OHNE_VERKNUEPFUNGEN.includes(k)),
      );
      await bezahloptionSpeichern(werte);
      showToast('Zahlungsart gespeichert');
      abrechnungGeaendert();
      close(true);
    } catch (error) {
      setErrors(fieldErrors(error));
      showErrorToast(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog isOpen title="Zahlungsart des Mitglieds" onClose={() => close(false)} style={{ width: 600 }}>
      <DialogBody>
        <FieldForm
          fields={felder}
          record={record}
          errors={errors}
          onChange={(patch) => setRecord({ ...record, ...patch })}
        />
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Abbrechen" onClick={() => close(false)} />
            <Button
              intent={Intent.SUCCESS}
              text="Speichern"
              loading={saving}
              onClick={() => void speichern()}
            />
          </>
        }
      />
    </Dialog>
  );
}
