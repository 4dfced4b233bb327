/**
 * The user edit window /benutzer/benutzer/{id} (spec 000 §2): tabs Grunddaten, Weiteres, Emails,
 * Adressen, Konten, Mitarbeiter, Gruppen (the last five need a saved user), links to the merge
 * window and the booking overviews.
 */
import { AnchorButton, FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useCallback } from 'react';
import { href, useLocation } from '../../app/router';
import { useUser } from '../../app/session';
import { EditFrame, SaveButtons, TabFrame, useEditRecord, type EditRecord } from '../../components/EditFrame';
import { VerlaufTabelle } from '../../components/Verlauf';
import { Field } from '../../components/FieldForm';
import { DateInput } from '../../components/inputs/DateInput';
import { RecordSelect } from '../../components/inputs/RecordSelect';
import { formatDateValue } from '../../lib/format';
import type { EditProps, FieldDef, Row } from '../../resources/types';
import { useEigeneZeilen } from './api';
import { BENUTZER_FELDER, benutzerLabel, bezirkLabel, GENDER_OPTIONS } from './benutzer-felder';
import { applyBenutzerChange, BERUFE_VERBAND_2, TITEL_VORSCHLAEGE } from './benutzer-rules';
import { DatenauskunftButton, LoeschenButton } from './Datenschutz';
import { GruppenAuswahl, MIT_GRUPPEN } from './GruppenAuswahl';
import { KONTAKTE, KontaktTab } from './Kontakte';
import { MitarbeiterTab } from './Mitarbeiter';
import { PasswortFeld } from './Passwort';
import type { Benutzer, TabProps } from './typen';
import { Verband2Felder } from './Verband2';

const DEFAULTS: Partial<Benutzer> = {
  aktiviert: true,
  freigabe: false,
  atr_referent: false,
  atr_mitglied: false,
  atr_verband_mitarbeiter: false,
  atr_verband_admin: false,
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

const field = (name: string, type?: FieldDef['type']): FieldDef => ({
  name,
  label: BENUTZER_FELDER[name],
  type,
});

const GENDER: FieldDef = { ...field('gender', 'select'), options: GENDER_OPTIONS };

const FLAGS = [
  'aktiviert',
  'atr_mitglied',
  'atr_referent',
  'atr_verband_mitarbeiter',
  'atr_verband_admin',
  'atr_kein_newsletter',
].map((name) => field(name, 'boolean'));

const adresseLabel = (row: Row) =>
  [row.bezeichnung, row.strasse, [row.plz, row.ort].filter(Boolean).join(' ')].filter(Boolean).join(', ');
const kontoLabel = (row: Row) => [row.bezeichnung, row.iban].filter(Boolean).join(', ');
const emailLabel = (row: Row) => String(row.email);

/** A select of the user's own e-mails, addresses or accounts for a link field such as re_konto_id. */
function EigeneAuswahl({
  name,
  resource,
  label,
  record,
  change,
}: TabProps & { name: string; resource: string; label(row: Row): string }) {
  const { data: rows = [] } = useEigeneZeilen(resource, record.id);
  const value = record[name] as number | null | undefined;
  return (
    <FormGroup label={BENUTZER_FELDER[name]} labelFor={`field-${name}`}>
      <HTMLSelect
        id={`field-${name}`}
        fill
        disabled={!record.id}
        value={value ? String(value) : ''}
        onChange={(e) => change({ [name]: e.target.value ? Number(e.target.value) : null })}
        options={[
          { value: '', label: '' },
          ...rows.map((row) => ({ value: String(row.id), label: label(row) })),
        ]}
      />
    </FormGroup>
  );
}

function Grunddaten(props: TabProps) {
  const { record, change, errors } = props;
  const { verband } = useUser();
  const input = (def: FieldDef) => (
    <Field key={def.name} field={def} record={record} onChange={change} error={errors[def.name]} />
  );
  const beruf: FieldDef =
    verband === 2
      ? {
          ...field('berufsbezeichnung', 'select'),
          options: [{ value: null, label: '' }, ...BERUFE_VERBAND_2.map((b) => ({ value: b, label: b }))],
        }
      : field('berufsbezeichnung');
  return (
    <div className="form-columns">
      <section>
        {input(field('kennnummer'))}
        {input(field('benutzername'))}
        <PasswortFeld benutzerId={record.id} />
        {input(GENDER)}
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
        {input(field('akad_grad'))}
        {input(field('vorname'))}
        {input(field('nachname'))}
        {input(field('firma'))}
        {input(field('anrede'))}
        {input(beruf)}
      </section>
      <section>
        {input(field('tel1'))}
        {input(field('tel2'))}
        <EigeneAuswahl {...props} name="primaeremail_id" resource="benutzer-email" label={emailLabel} />
        <FormGroup label={BENUTZER_FELDER.parent_id} labelFor="field-parent_id">
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
        {record.parent_id ? input(field('freigabe', 'boolean')) : null}
        <FormGroup label={BENUTZER_FELDER.verband_bezirk_id} labelFor="field-verband_bezirk_id">
          <RecordSelect
            id="field-verband_bezirk_id"
            resource="verband-bezirk"
            value={record.verband_bezirk_id as number | null}
            onChange={(verband_bezirk_id) => change({ verband_bezirk_id })}
            label={bezirkLabel}
          />
        </FormGroup>
        {(['stb_datum', 'kuendigung_datum'] as const).map((name) => (
          <FormGroup key={name} label={BENUTZER_FELDER[name]} labelFor={`field-${name}`}>
            <DateInput
              id={`field-${name}`}
              value={record[name] as string | null}
              onChange={(value) => change({ [name]: value })}
            />
          </FormGroup>
        ))}
        <div className="flags">{FLAGS.map(input)}</div>
      </section>
    </div>
  );
}

function Weiteres(props: TabProps & { edit: EditRecord<Benutzer> }) {
  const { record } = props;
  const { verband } = useUser();
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
    <div className="form-columns">
      <section>
        <EigeneAuswahl {...props} name="re_email_id" resource="benutzer-email" label={emailLabel} />
        <EigeneAuswahl {...props} name="re_adresse_id" resource="benutzer-adresse" label={adresseLabel} />
        <EigeneAuswahl {...props} name="re_konto_id" resource="benutzer-konto" label={kontoLabel} />
        <EigeneAuswahl {...props} name="mi_adresse_id" resource="benutzer-adresse" label={adresseLabel} />
        <EigeneAuswahl {...props} name="mi_konto_id" resource="benutzer-konto" label={kontoLabel} />
        {verband === 2 && <Verband2Felder {...props} />}
      </section>
      <section>
        <dl className="read-only-list">
          {rows.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value === null || value === undefined || value === '' ? '–' : String(value)}</dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}

export function BenutzerEdit({ config, id }: EditProps) {
  const { query } = useLocation();
  const edit = useEditRecord<Benutzer>({
    resource: 'benutzer',
    listPath: config.path,
    id,
    copy: query.get('option') === 'copy',
    defaults: DEFAULTS,
    copyWithout: OWN_LINKS,
    query: MIT_GRUPPEN,
    reloadAfterSaveMs: 50,
  });
  const { record, isNew, change: setFields } = edit;
  const change = useCallback(
    (patch: Partial<Benutzer>) => setFields(applyBenutzerChange(record, patch)),
    [record, setFields],
  );
  const benutzerId = record.id as number;
  const tabProps = { record, change, errors: edit.errors };
  const tabs = [
    { id: 'grunddaten', title: 'Grunddaten', panel: <Grunddaten {...tabProps} /> },
    { id: 'weiteres', title: 'Weiteres', panel: <Weiteres {...tabProps} edit={edit} /> },
    {
      id: 'emails',
      title: 'Emails',
      panel: (
        <KontaktTab art={KONTAKTE.email} benutzerId={benutzerId} primaer={record.primaeremail_id as number} />
      ),
    },
    {
      id: 'adressen',
      title: 'Adressen',
      panel: <KontaktTab art={KONTAKTE.adresse} benutzerId={benutzerId} />,
    },
    { id: 'konten', title: 'Konten', panel: <KontaktTab art={KONTAKTE.konto} benutzerId={benutzerId} /> },
    { id: 'mitarbeiter', title: 'Mitarbeiter', panel: <MitarbeiterTab arbeitgeber={record} /> },
    {
      id: 'gruppen',
      title: 'Gruppen',
      panel: (
        <GruppenAuswahl
          zuordnung="benutzer"
          value={record.Benutzer_Gruppes}
          onChange={(ids) => change({ Benutzer_Gruppes: ids })}
        />
      ),
    },
    { id: 'verlauf', title: 'Verlauf', panel: <VerlaufTabelle resource="benutzer" id={benutzerId} /> },
  ].map((tab, index) => ({ ...tab, disabled: isNew && index >= 2 }));
  const title = isNew ? 'Neuer Benutzer' : `Benutzer ${benutzerLabel(record)}`;
  const base = `${config.path}/${id}`;
  const actions = !isNew && (
    <>
      <AnchorButton icon="th-list" text="Buchungsübersicht" href={href(`${base}/rw`)} />
      <AnchorButton icon="people" text="Buchungen als Teilnehmer" href={href(`${base}/teilnehmer-rw`)} />
      <AnchorButton icon="merge-columns" text="Zusammenführen" href={href(`${base}/zusammenfuehren`)} />
      <DatenauskunftButton benutzerId={benutzerId} />
      <LoeschenButton
        benutzerId={benutzerId}
        name={benutzerLabel(record)}
        geloeschtAm={(record.geloescht_am as string | null) ?? null}
        onGeloescht={edit.reload}
      />
    </>
  );
  return (
    <EditFrame
      title={title}
      loading={edit.loading}
      notFound={edit.notFound}
      onBack={edit.close}
      footer={<SaveButtons edit={edit} />}
      actions={actions}
    >
      <TabFrame tabs={tabs} route={`${config.path}/${id}`} />
    </EditFrame>
  );
}
