/**
 * The contact records of a user (spec 000 §2, §3): the tabs Emails, Adressen and Konten, and the
 * edit dialogs Benutzer_Adresse and Benutzer_Konto (width 600). One mechanism serves all three:
 * e-mails open their own window (route), addresses and accounts a dialog.
 */
import { Button, ButtonGroup, Dialog, DialogBody, DialogFooter, Intent, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { navigate } from '../../app/router';
import { FieldForm } from '../../components/FieldForm';
import { confirm, openDialog, type DialogProps } from '../../lib/dialogs';
import { fieldErrors, reportError } from '../../lib/errors';
import type { ColumnDef, FieldDef, Row } from '../../resources/types';
import { RelatedTable } from '../../components/RelatedTable';
import { deleteKontakt, saveKontakt } from './api';

const f = (name: string, label: string, type?: FieldDef['type']): FieldDef => ({ name, label, type });
const c = (field: string, label: string, type?: ColumnDef['type']): ColumnDef => ({ field, label, type });

export interface KontaktArt {
  resource: string;
  /** Singular for dialog titles. */
  titel: string;
  /** The 'new' button and the title of a new record. */
  neu: string;
  columns: ColumnDef[];
  /** The registered dialog; without one the record opens in its own window. */
  dialog?: string;
  fields?: FieldDef[];
}

export const KONTAKTE = {
  email: {
    resource: 'benutzer-email',
    titel: 'Email',
    neu: 'Neue Email',
    columns: [c('id', 'ID', 'number'), c('email', 'Email')],
  },
  adresse: {
    resource: 'benutzer-adresse',
    titel: 'Adresse',
    neu: 'Neue Adresse',
    dialog: 'Benutzer_Adresse',
    columns: [
      c('bezeichnung', 'Bezeichnung'),
      c('zeile1', 'Zeile 1'),
      c('strasse', 'Straße'),
      c('plz', 'PLZ'),
      c('ort', 'Ort'),
      c('deaktiv', 'Deaktiv', 'boolean'),
    ],
    fields: [
      f('bezeichnung', 'Bezeichnung'),
      ...[1, 2, 3, 4, 5, 6].map((n) => f(`zeile${n}`, `Zeile ${n}`)),
      f('strasse', 'Straße'),
      f('plz', 'PLZ'),
      f('ort', 'Ort'),
      f('norm', 'Normierte Zeilen (eine je Zeile)', 'lines'),
      f('intern', 'Intern', 'boolean'),
      f('deaktiv', 'Deaktiv', 'boolean'),
    ],
  },
  konto: {
    resource: 'benutzer-konto',
    titel: 'Konto',
    neu: 'Neues Konto',
    dialog: 'Benutzer_Konto',
    columns: [
      c('bezeichnung', 'Bezeichnung'),
      c('inhaber', 'Inhaber'),
      c('iban', 'IBAN'),
      c('bic', 'BIC'),
      c('bank', 'Bank'),
      c('deaktiv', 'Deaktiv', 'boolean'),
    ],
    fields: [
      f('bezeichnung', 'Bezeichnung'),
      f('inhaber', 'Inhaber'),
      f('iban', 'IBAN'),
      f('bic', 'BIC'),
      f('bank', 'Bank'),
      f('sepa_referenz', 'SEPA-Mandatsreferenz'),
      f('sepa_datum', 'SEPA-Mandatsdatum', 'date'),
      f('deaktiv', 'Deaktiv', 'boolean'),
    ],
  },
} satisfies Record<string, KontaktArt>;

interface KontaktDialogProps extends DialogProps<Row> {
  art: KontaktArt;
  record: Row;
}

/** Saves with POST or PUT; a refused field (IBAN, BIC, …) is marked and the dialog stays open. */
/** The dialogs Benutzer_Adresse and Benutzer_Konto (spec 000 §2), named in the membership slice. */
export function KontaktDialog({ art, record: initial, close }: KontaktDialogProps) {
  const [record, setRecord] = useState<Row>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const isNew = initial.id === undefined;

  const save = async () => {
    setBusy(true);
    setErrors({});
    try {
      const saved = await saveKontakt(art.resource, record, isNew ? undefined : (initial.id as number));
      close(saved);
    } catch (error) {
      setErrors(fieldErrors(error));
      reportError(error);
      setBusy(false);
    }
  };

  return (
    <Dialog
      isOpen
      title={isNew ? art.neu : `${art.titel} bearbeiten`}
      icon="edit"
      onClose={() => close()}
      style={{ width: 600 }}
      className="kontakt-dialog"
    >
      <DialogBody>
        <FieldForm
          fields={art.fields ?? []}
          record={record}
          onChange={(patch) => setRecord((r) => ({ ...r, ...patch }))}
          errors={errors}
        />
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Abbrechen" onClick={() => close()} />
            <Button
              intent={Intent.PRIMARY}
              icon="floppy-disk"
              text="Speichern"
              loading={busy}
              onClick={() => void save()}
            />
          </>
        }
      />
    </Dialog>
  );
}

/** Opens a contact record: its dialog, or the e-mail window below the user. */
function oeffne(art: KontaktArt, benutzerId: number, row: Row | null): void {
  if (art.dialog) {
    void openDialog(art.dialog, { art, record: row ?? { benutzer_id: benutzerId } });
  } else {
    navigate(`/benutzer/benutzer/${benutzerId}/email/${row?.id ?? 'new'}`);
  }
}

async function loesche(art: KontaktArt, row: Row): Promise<void> {
  const sure = await confirm(`Sind Sie sicher, dass Sie den Eintrag ${row.id} löschen möchten?`, {
    confirmText: 'Löschen',
    danger: true,
  });
  if (!sure) return;
  try {
    await deleteKontakt(art.resource, row.id as number);
  } catch (error) {
    reportError(error);
  }
}

export function KontaktTab({
  art,
  benutzerId,
  primaer,
}: {
  art: KontaktArt;
  benutzerId: number;
  /** The e-mail marked as primary. */
  primaer?: number | null;
}) {
  return (
    <RelatedTable
      resource={art.resource}
      query={{ where: { benutzer_id: benutzerId }, order: [['id', 'ASC']] }}
      columns={art.columns}
      onOpen={(row) => oeffne(art, benutzerId, row)}
      bar={
        <Button
          intent={Intent.PRIMARY}
          icon="plus"
          text={art.neu}
          onClick={() => oeffne(art, benutzerId, null)}
        />
      }
      actions={(row) => (
        <>
          {primaer === row.id && (
            <Tag minimal intent={Intent.PRIMARY}>
              primär
            </Tag>
          )}
          <ButtonGroup variant="minimal">
            <Button
              icon="edit"
              aria-label="Bearbeiten"
              title="Bearbeiten"
              onClick={() => oeffne(art, benutzerId, row)}
            />
            <Button
              icon="trash"
              intent={Intent.DANGER}
              aria-label="Löschen"
              title="Löschen"
              onClick={() => void loesche(art, row)}
            />
          </ButtonGroup>
        </>
      )}
    />
  );
}
