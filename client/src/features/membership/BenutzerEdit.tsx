/**
 * The user edit window /benutzer/benutzer/{id} (spec 000 §2): a tab frame whose Grunddaten tab
 * edits the user; the linked records show read-only until their own dialogs follow.
 */
import { FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useCallback } from 'react';
import { useLocation } from '../../app/router';
import { useUser } from '../../app/session';
import { EditFrame, SaveButtons, TabFrame, useEditRecord } from '../../components/EditFrame';
import { Field } from '../../components/FieldForm';
import { DateInput } from '../../components/inputs/DateInput';
import { RecordSelect } from '../../components/inputs/RecordSelect';
import { resourcePath } from '../../lib/api';
import { formatDateValue } from '../../lib/format';
import { useApi } from '../../lib/hooks';
import type { EditProps, FieldDef, Row } from '../../resources/types';
import { RelatedTable } from './RelatedTable';
import {
  applyBenutzerChange,
  BERUFE_VERBAND_2,
  TITEL_VORSCHLAEGE,
  type BenutzerFelder,
} from './benutzer-rules';

type Benutzer = Row & BenutzerFelder & Record<string, unknown>;

const DEFAULTS: Partial<Benutzer> = {
  aktiviert: true,
  freigabe: false,
  atr_referent: false,
  atr_mitglied: false,
  atr_verband_mitarbeiter: false,
  atr_kein_newsletter: false,
};

/** A copied user gets its own e-mails, addresses and accounts, so links to the original's are dropped. */
const OWN_LINKS = [
  'primaeremail_id',
  're_email_id',
  're_adresse_id',
  're_konto_id',
  'mi_adresse_id',
  'mi_konto_id',
];

const GENDER: FieldDef = {
  name: 'gender',
  label: 'Geschlecht',
  type: 'select',
  options: [
    { value: null, label: 'keine Angabe' },
    { value: 'male', label: 'männlich' },
    { value: 'female', label: 'weiblich' },
  ],
};

const text = (name: string, label: string): FieldDef => ({ name, label });
const flag = (name: string, label: string): FieldDef => ({ name, label, type: 'boolean' });

const FLAGS = [
  flag('aktiviert', 'Aktiviert'),
  flag('atr_mitglied', 'Mitglied'),
  flag('atr_referent', 'Referent'),
  flag('atr_verband_mitarbeiter', 'Verbandsmitarbeiter'),
  flag('atr_kein_newsletter', 'Kein Newsletter'),
];

export const benutzerLabel = (row: Row) =>
  String(row.firma || [row.titel, row.vorname, row.nachname].filter(Boolean).join(' ') || `#${row.id}`);

const bezirkLabel = (row: Row) => `${row.bezirk_nummer} - ${row.bezirk_name}`;

interface TabProps {
  record: Benutzer;
  change(patch: Partial<Benutzer>): void;
  errors: Record<string, string>;
}

function Grunddaten({ record, change, errors }: TabProps) {
  const { verband } = useUser();
  const field = (def: FieldDef) => (
    <Field key={def.name} field={def} record={record} onChange={change} error={errors[def.name]} />
  );
  const { data: emails = [] } = useApi<Row[]>(record.id ? resourcePath('benutzer-email') : null, {
    where: { benutzer_id: record.id },
    attributes: ['id', 'email'],
  });
  const beruf: FieldDef =
    verband === 2
      ? {
          name: 'berufsbezeichnung',
          label: 'Berufsbezeichnung',
          type: 'select',
          options: [{ value: null, label: '' }, ...BERUFE_VERBAND_2.map((b) => ({ value: b, label: b }))],
        }
      : text('berufsbezeichnung', 'Berufsbezeichnung');
  return (
    <div className="form-columns">
      <section>
        {field(text('kennnummer', 'Kennnummer'))}
        {field(text('benutzername', 'Benutzername'))}
        {field(GENDER)}
        <FormGroup label="Titel" labelFor="field-titel">
          <InputGroup
            id="field-titel"
            list="titel-vorschlaege"
            value={(record.titel as string) ?? ''}
            onChange={(e) => change({ titel: e.target.value })}
          />
          <datalist id="titel-vorschlaege">
            {TITEL_VORSCHLAEGE.map((t) => (
              <option key={t} value={t} />
            ))}
          </datalist>
        </FormGroup>
        {field(text('akad_grad', 'Akad. Grad'))}
        {field(text('vorname', 'Vorname'))}
        {field(text('nachname', 'Nachname'))}
        {field(text('firma', 'Firma'))}
        {field(text('anrede', 'Anrede'))}
        {field(beruf)}
      </section>
      <section>
        {field(text('tel1', 'Telefon'))}
        {field(text('tel2', 'Mobil'))}
        <FormGroup label="Primäre Email" labelFor="field-primaeremail_id">
          <HTMLSelect
            id="field-primaeremail_id"
            fill
            disabled={!record.id}
            value={record.primaeremail_id ? String(record.primaeremail_id) : ''}
            onChange={(e) => change({ primaeremail_id: e.target.value ? Number(e.target.value) : null })}
            options={[
              { value: '', label: '' },
              ...emails.map((e) => ({ value: String(e.id), label: String(e.email) })),
            ]}
          />
        </FormGroup>
        <FormGroup label="Gehört zu (Firma / Mitglied)" labelFor="field-parent_id">
          <RecordSelect
            id="field-parent_id"
            resource="benutzer"
            value={record.parent_id as number | null}
            onChange={(parent_id) => change({ parent_id, ...(parent_id ? {} : { freigabe: false }) })}
            label={benutzerLabel}
            query={{
              // Parent candidates: top-level users other than this one (spec 000 §5).
              where: record.id ? { parent_id: null, id: { $ne: record.id } } : { parent_id: null },
              attributes: ['id', 'firma', 'titel', 'vorname', 'nachname'],
              order: [
                ['firma', 'ASC'],
                ['vorname', 'ASC'],
                ['nachname', 'ASC'],
              ],
            }}
          />
        </FormGroup>
        {record.parent_id ? field(flag('freigabe', 'Freigabe (selbständige Seminarbuchung)')) : null}
        <FormGroup label="Bezirk" labelFor="field-verband_bezirk_id">
          <RecordSelect
            id="field-verband_bezirk_id"
            resource="verband-bezirk"
            value={record.verband_bezirk_id as number | null}
            onChange={(verband_bezirk_id) => change({ verband_bezirk_id })}
            label={bezirkLabel}
          />
        </FormGroup>
        <FormGroup label="StB-Datum" labelFor="field-stb_datum">
          <DateInput
            id="field-stb_datum"
            value={record.stb_datum as string | null}
            onChange={(stb_datum) => change({ stb_datum })}
          />
        </FormGroup>
        <FormGroup label="Kündigungsdatum" labelFor="field-kuendigung_datum">
          <DateInput
            id="field-kuendigung_datum"
            value={record.kuendigung_datum as string | null}
            onChange={(kuendigung_datum) => change({ kuendigung_datum })}
          />
        </FormGroup>
        <div className="flags">{FLAGS.map(field)}</div>
      </section>
    </div>
  );
}

function Weiteres({ record }: TabProps) {
  const data = (record.data ?? {}) as Record<string, unknown>;
  const rows: [string, unknown][] = [
    ['Anzeigename', record.anzeigename],
    ['Ansprache', record.ansprache],
    ['Sortname', record.sortname],
    ['Seminar-Teilnahmen', data.seminar_teilnahmen],
    ['Angelegt', formatDateValue(record.createdAt as string)],
    ['Geändert', formatDateValue(record.updatedAt as string)],
  ];
  return (
    <dl className="read-only-list">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value === null || value === undefined || value === '' ? '–' : String(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

const col = (field: string, label: string) => ({ field, label });

export function BenutzerEdit({ config, id }: EditProps) {
  const { query } = useLocation();
  const edit = useEditRecord<Benutzer>({
    resource: 'benutzer',
    listPath: config.path,
    id,
    copy: query.get('option') === 'copy',
    defaults: DEFAULTS,
    copyWithout: OWN_LINKS,
    reloadAfterSaveMs: 50,
  });
  const { record, isNew, change: setFields } = edit;
  const change = useCallback(
    (patch: Partial<Benutzer>) => setFields(applyBenutzerChange(record, patch)),
    [record, setFields],
  );
  const byUser = { where: { benutzer_id: record.id } };
  const tabProps = { record, change, errors: edit.errors };
  const tabs = [
    { id: 'grunddaten', title: 'Grunddaten', panel: <Grunddaten {...tabProps} /> },
    { id: 'weiteres', title: 'Weiteres', panel: <Weiteres {...tabProps} /> },
    {
      id: 'emails',
      title: 'Emails',
      panel: (
        <RelatedTable
          resource="benutzer-email"
          query={byUser}
          columns={[col('id', 'ID'), col('email', 'Email')]}
        />
      ),
    },
    {
      id: 'adressen',
      title: 'Adressen',
      panel: (
        <RelatedTable
          resource="benutzer-adresse"
          query={byUser}
          columns={[
            col('bezeichnung', 'Bezeichnung'),
            col('strasse', 'Straße'),
            col('plz', 'PLZ'),
            col('ort', 'Ort'),
          ]}
        />
      ),
    },
    {
      id: 'konten',
      title: 'Konten',
      panel: (
        <RelatedTable
          resource="benutzer-konto"
          query={byUser}
          columns={[
            col('bezeichnung', 'Bezeichnung'),
            col('inhaber', 'Inhaber'),
            col('iban', 'IBAN'),
            col('bank', 'Bank'),
          ]}
        />
      ),
    },
    {
      id: 'mitarbeiter',
      title: 'Mitarbeiter',
      panel: (
        <RelatedTable
          resource="benutzer"
          query={{ where: { parent_id: record.id } }}
          columns={[col('kennnummer', 'Kennnummer'), col('vorname', 'Vorname'), col('nachname', 'Nachname')]}
        />
      ),
    },
    {
      id: 'gruppen',
      title: 'Gruppen',
      panel: (
        <RelatedTable
          resource="benutzer-benutzer-gruppe"
          query={{ ...byUser, include: ['Benutzer_Gruppe'] }}
          columns={[col('Benutzer_Gruppe.typ', 'Typ'), col('Benutzer_Gruppe.name', 'Name')]}
        />
      ),
    },
  ].map((tab, index) => ({ ...tab, disabled: isNew && index >= 2 }));
  const title = isNew ? 'Neuer Benutzer' : `Benutzer ${benutzerLabel(record)}`;
  return (
    <EditFrame title={title} loading={edit.loading} footer={<SaveButtons edit={edit} />}>
      <TabFrame tabs={tabs} route={`${config.path}/:id`} />
    </EditFrame>
  );
}
