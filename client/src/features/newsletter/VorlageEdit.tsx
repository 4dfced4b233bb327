/**
 * The template window /newsletter/vorlage/{id} (spec 002 §2, §3, §5, §9): tabs Grunddaten,
 * Automatik (only with a seminar type) and Auto-Versand-Gruppen / Auto-Ausschluss-Gruppen (only
 * with automation on). The content scheme is checked as staff type it, the send time fields
 * follow the auto send rules, and a new template starts with the defaults of §9 — the same
 * functions the server applies on save.
 */
import { Callout, FormGroup, Intent, TextArea } from '@blueprintjs/core';
import {
  autoVersandAendern,
  leseContentScheme,
  tageGesperrt,
  VORLAGE_DEFAULTS,
  type AutoVersand,
} from '../../../../common/newsletter';
import { enumLabel, fieldLabel } from '../../../../common/vocabulary';
import { EditFrame, SaveButtons, TabFrame, useEditRecord } from '../../components/EditFrame';
import { Field, FieldForm } from '../../components/FieldForm';
import { editFields, newRecordDefaults, type ResourceMeta } from '../../resources/meta';
import type { EditProps, FieldDef, Row } from '../../resources/types';
import { alsDaten, mitDaten } from '../../resources/unterfelder';
import { GruppenListe } from './GruppenListe';
import { MitMetadaten } from '../../components/MitMetadaten';

const RESOURCE = 'newsletter-vorlagen';
const label = (name: string) => fieldLabel(RESOURCE, name) ?? name;
const feld = (def: Omit<FieldDef, 'label'>): FieldDef => ({ ...def, label: label(def.name) });

const VERSAND_FELDER = ['auto_vortage', 'auto_nachtage', 'auto_minutes'] as const;
type VersandFeld = (typeof VERSAND_FELDER)[number];

export function VorlageEdit({ config, id }: EditProps) {
  return (
    <MitMetadaten
      resource={config.resource}
      render={(meta) => <VorlageFenster config={config} id={id} meta={meta} />}
    />
  );
}

/** The scheme as the text area shows it: typed text as typed, a stored scheme pretty-printed. */
const schemeText = (wert: unknown) =>
  wert == null ? '' : typeof wert === 'string' ? wert : JSON.stringify(wert, null, 2);

function VorlageFenster({ config, id, meta }: EditProps & { meta: ResourceMeta }) {
  const edit = useEditRecord<Row>({
    resource: config.resource,
    listPath: config.path,
    id,
    defaults: { ...newRecordDefaults(meta, config), data: { ...VORLAGE_DEFAULTS } },
  });
  const { record, isNew, change, errors } = edit;
  const data = (record.data ?? {}) as Row & AutoVersand;
  const setData = (patch: Row) => change(alsDaten(record, patch));
  const ansicht = mitDaten(record);

  const text = schemeText(record.json_content_scheme);
  const gelesen = text.trim() ? leseContentScheme(text) : null;
  const schemeFehler = errors.json_content_scheme ?? (gelesen && !gelesen.ok ? gelesen.fehler : undefined);

  const gesperrt = tageGesperrt(data);
  const versandFeld = (name: VersandFeld, min: number, max?: number) =>
    feld({
      name: `data.${name}`,
      type: 'number',
      min,
      max,
      decimals: 0,
      readOnly: name !== 'auto_minutes' && gesperrt,
    });
  const automatik: FieldDef[] = [
    feld({ name: 'data.auto_titel', type: 'text' }),
    feld({ name: 'data.auto_betreff', type: 'text' }),
    versandFeld('auto_vortage', 0),
    versandFeld('auto_nachtage', 0),
    versandFeld('auto_minutes', 1, 480),
    feld({ name: 'data.auto_day_time', type: 'time' }),
    feld({
      name: 'data.newsletter_absender_id',
      type: 'record',
      resource: 'newsletter-absender',
      display: ['name', 'email'],
    }),
    feld({
      name: 'data.auto_teilnehmer_group',
      type: 'select',
      options: [
        { value: null, label: '' },
        ...['include', 'exclude'].map((value) => ({
          value,
          label: enumLabel(RESOURCE, 'data.auto_teilnehmer_group', value),
        })),
      ],
    }),
    feld({ name: 'data.auto_ausgebucht', type: 'boolean' }),
    feld({ name: 'data.allow_duplicate_email', type: 'boolean' }),
  ];
  const automatikAendern = (patch: Row) => {
    const [name, wert] = Object.entries(patch)[0] ?? [];
    const versand = name?.startsWith('data.') ? (name.slice(5) as VersandFeld) : null;
    if (versand && VERSAND_FELDER.includes(versand))
      change({ data: autoVersandAendern(data, versand, (wert as number | null) ?? null) });
    else setData(patch);
  };
  const gruppen = (name: 'versand_gruppen' | 'ausschluss_gruppen', andere: string) => (
    <>
      {errors[`data.${name}`] && <Callout intent={Intent.DANGER}>{errors[`data.${name}`]}</Callout>}
      <GruppenListe
        ids={(data[name] as number[] | undefined) ?? []}
        andere={(data[andere] as number[] | undefined) ?? []}
        onChange={(ids) => setData({ [`data.${name}`]: ids.length ? ids : null })}
      />
    </>
  );

  const tabs = [
    {
      id: 'grunddaten',
      title: 'Grunddaten',
      panel: (
        <div className="form-columns">
          <section>
            <FieldForm
              fields={editFields(meta, [
                'titel',
                'beschreibung',
                'vorlage',
                'veranstaltung_typ_id',
                'automatik',
                'auto_typ',
                'external_data_type',
              ])}
              record={record}
              onChange={change}
              errors={errors}
            />
          </section>
          <section>
            <FormGroup
              label={label('json_content_scheme')}
              labelFor="field-json_content_scheme"
              intent={schemeFehler ? Intent.DANGER : undefined}
              helperText={
                schemeFehler ??
                'Feldtypen: String, Number, Boolean, Date, Time, HTML oder HTML|Höhe; Listen als [{…}].'
              }
            >
              <TextArea
                id="field-json_content_scheme"
                className="newsletter-scheme"
                fill
                rows={14}
                intent={schemeFehler ? Intent.DANGER : undefined}
                value={text}
                onChange={(e) => change({ json_content_scheme: e.target.value || null })}
              />
            </FormGroup>
          </section>
        </div>
      ),
    },
    {
      id: 'automatik',
      title: 'Automatik',
      disabled: record.veranstaltung_typ_id == null,
      panel: (
        <div className="field-form">
          {automatik.map((def) => (
            <Field
              key={def.name}
              field={def}
              record={ansicht}
              onChange={automatikAendern}
              error={errors[def.name]}
            />
          ))}
        </div>
      ),
    },
    {
      id: 'auto-versand-gruppen',
      title: 'Auto-Versand-Gruppen',
      disabled: !record.automatik,
      panel: gruppen('versand_gruppen', 'ausschluss_gruppen'),
    },
    {
      id: 'auto-ausschluss-gruppen',
      title: 'Auto-Ausschluss-Gruppen',
      disabled: !record.automatik,
      panel: gruppen('ausschluss_gruppen', 'versand_gruppen'),
    },
  ];
  return (
    <EditFrame
      title={
        isNew ? 'Newsletter-Vorlage: Neuer Eintrag' : `Newsletter-Vorlage: ${String(record.titel ?? id)}`
      }
      loading={edit.loading}
      notFound={edit.notFound}
      onBack={edit.close}
      footer={<SaveButtons edit={edit} />}
    >
      <TabFrame tabs={tabs} route={`${config.path}/${id}`} />
    </EditFrame>
  );
}
