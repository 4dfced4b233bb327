/**
 * The group window /benutzer/gruppe/{id} (spec 001 §2–§8): tabs Grunddaten, Emails, Benutzer and
 * CSV-Email-Zuordnung, the type and rule transitions of §4 applied as staff edit (the same function
 * the server enforces on save), the quick-group types of §9, and the fields an automatic rule needs.
 */
import { Callout, FormGroup, Intent, SegmentedControl } from '@blueprintjs/core';
import { useCallback } from 'react';
import {
  AUTO_REGELN,
  angeboteneTypen,
  autoRegel,
  erlaubteZuordnungen,
  gesperrteFelder,
  gruppeFolgt,
  haeltArt,
  type GruppenTyp,
  type GruppenWerte,
} from '../../../../common/gruppen';
import { enumLabel, fieldLabel } from '../../../../common/vocabulary';
import { useLocation } from '../../app/router';
import { EditFrame, SaveButtons, TabFrame, useEditRecord } from '../../components/EditFrame';
import { Field } from '../../components/FieldForm';
import { RecordSelect } from '../../components/inputs/RecordSelect';
import { berlinYear } from '../../lib/format';
import { editFields, newRecordDefaults, type ResourceMeta } from '../../resources/meta';
import type { EditProps, FieldDef, FieldOverride, Row } from '../../resources/types';
import { useGruppenInhalt } from './api';
import { bezirkLabel } from './benutzer-felder';
import { CsvAbgleich } from './CsvAbgleich';
import { alsDaten, mitDaten } from '../../resources/unterfelder';
import { regelFelder } from './gruppe-felder';
import { MitgliederTab } from './GruppenMitglieder';
import type { Gruppe } from './typen';
import { MitMetadaten } from '../../components/MitMetadaten';

const RESOURCE = 'benutzer-gruppe';
const label = (name: string) => fieldLabel(RESOURCE, name) ?? name;

/** The keys of the data object, typed as the form edits them (spec 001 §3, §5: year at least 0). */
const DATEN_FELDER: Record<string, FieldDef> = Object.fromEntries(
  (
    [
      { name: 'data.auto_stb_neuzugelassen_jahr', type: 'number', min: 0, decimals: 0 },
      { name: 'data.auto_abo_storno_stichwort', type: 'text' },
      { name: 'data.auto_abo_storno_date_von', type: 'date' },
      { name: 'data.auto_abo_storno_date_bis', type: 'date' },
    ] as const
  ).map((def) => [def.name, { ...def, label: label(def.name) }]),
);

const REGEL_OPTIONEN = [
  { value: null, label: '' },
  ...AUTO_REGELN.map((regel) => ({ value: regel.code, label: regel.name })),
];

export function GruppeEdit({ config, id }: EditProps) {
  return (
    <MitMetadaten
      resource={config.resource}
      render={(meta) => <GruppeFenster config={config} id={id} meta={meta} />}
    />
  );
}

function GruppeFenster({ config, id, meta }: EditProps & { meta: ResourceMeta }) {
  const { query } = useLocation();
  const jahr = berlinYear(new Date());
  const edit = useEditRecord<Gruppe>({
    resource: config.resource,
    listPath: config.path,
    id,
    copy: query.get('option') === 'copy',
    // A new group starts as the first quick-group type, with what that type implies.
    defaults: { ...newRecordDefaults(meta, config), ...gruppeFolgt({}, { typ: 'NWG' }, jahr) } as Gruppe,
  });
  const { record, isNew, change: setFields } = edit;
  const change = useCallback(
    (patch: Row) => setFields(gruppeFolgt(record, alsDaten(record, patch) as GruppenWerte, jahr) as Gruppe),
    [record, setFields, jahr],
  );
  const inhalt = useGruppenInhalt(record.id);
  const name = String(record.name ?? '');
  const tabs = [
    {
      id: 'grunddaten',
      title: 'Grunddaten',
      panel: (
        <Grunddaten
          meta={meta}
          record={record}
          change={change}
          errors={edit.errors}
          isNew={isNew}
          inhalt={inhalt}
        />
      ),
    },
    {
      id: 'emails',
      title: 'Emails',
      panel: <MitgliederTab gruppe={record} art="email" />,
      disabled: isNew || !haeltArt(record.zuordnung, 'email'),
    },
    {
      id: 'benutzer',
      title: 'Benutzer',
      panel: <MitgliederTab gruppe={record} art="benutzer" />,
      disabled: isNew || !haeltArt(record.zuordnung, 'benutzer'),
    },
    {
      id: 'csv',
      title: 'CSV-Email-Zuordnung',
      panel: <CsvAbgleich gruppe={record} />,
      disabled: isNew || record.typ === 'Auto',
    },
  ];
  return (
    <EditFrame
      title={isNew ? 'Neue Gruppe' : `Gruppe ${name}`}
      loading={edit.loading}
      notFound={edit.notFound}
      onBack={edit.close}
      footer={<SaveButtons edit={edit} />}
    >
      <TabFrame tabs={tabs} route={`${config.path}/${id}`} />
    </EditFrame>
  );
}

interface GrunddatenProps {
  meta: ResourceMeta;
  record: Gruppe;
  change(patch: Row): void;
  errors: Record<string, string>;
  isNew: boolean;
  inhalt: { benutzer: number; emails: number };
}

function Grunddaten({ meta, record, change, errors, isNew, inhalt }: GrunddatenProps) {
  const ansicht = mitDaten(record);
  const gesperrt = gesperrteFelder(record.typ);
  const zuordnungen = erlaubteZuordnungen(inhalt);
  const felder = (overrides: FieldOverride[]) =>
    overrides.flatMap((override) => {
      const name = typeof override === 'string' ? override : override.name;
      const [def] = DATEN_FELDER[name] ? [DATEN_FELDER[name]] : editFields(meta, [override]);
      return def ? [{ ...def, readOnly: def.readOnly || gesperrt.includes(name) }] : [];
    });
  const input = (def: FieldDef) => (
    <Field key={def.name} field={def} record={ansicht} onChange={change} error={errors[def.name]} />
  );
  const regel = autoRegel(record.code);
  const regelFeld = (name: string) =>
    name === 'verband_bezirk_id' ? (
      <FormGroup
        key={name}
        label={label(name)}
        labelFor="field-verband_bezirk_id"
        intent={errors[name] ? Intent.DANGER : undefined}
        helperText={errors[name]}
      >
        <RecordSelect
          id="field-verband_bezirk_id"
          resource="verband-bezirk"
          value={record.verband_bezirk_id as number | null}
          onChange={(verband_bezirk_id) => change({ verband_bezirk_id })}
          label={bezirkLabel}
        />
      </FormGroup>
    ) : (
      felder([name === 'auto_berufsbezeichnungen' ? { name, type: 'lines' } : name]).map(input)
    );
  return (
    <div className="form-columns gruppe-grunddaten">
      <section>
        <FormGroup
          label={label('typ')}
          intent={errors.typ ? Intent.DANGER : undefined}
          helperText={errors.typ}
        >
          <SegmentedControl
            className="gruppen-typ"
            options={angeboteneTypen(isNew, record.typ).map((typ) => ({
              value: typ,
              label: enumLabel(RESOURCE, 'typ', typ),
            }))}
            value={record.typ ?? undefined}
            onValueChange={(typ) => change({ typ: typ as GruppenTyp })}
          />
        </FormGroup>
        {felder([
          'name',
          'beschreibung',
          {
            name: 'zuordnung',
            options: [...new Set([...zuordnungen, record.zuordnung ?? 'alle'])].map((value) => ({
              value,
              label: enumLabel(RESOURCE, 'zuordnung', value),
            })),
          },
          'newsletter',
          'verbandsintern',
          'gueltig_bis',
        ]).map(input)}
      </section>
      <section>
        {record.typ === 'Auto' && (
          <>
            {felder([{ name: 'code', type: 'select', options: REGEL_OPTIONEN }]).map(input)}
            <Callout className="regel-hinweis" icon="automatic-updates">
              {regel && <p>{regel.beschreibung}</p>}
              Automatische Gruppen enthalten nur aktivierte Benutzer und werden jede Nacht nach ihrer Regel
              neu befüllt.
            </Callout>
            {regelFelder(record.code).map(regelFeld)}
          </>
        )}
        {record.typ === 'Teilnehmer' && felder(['veranstaltung_id', 'veranstaltung_event_id']).map(input)}
        {felder([...(record.typ === 'NWG' ? ['nwg_thema'] : []), 'bn_funktion', 'bn_zuordnung']).map(input)}
      </section>
    </div>
  );
}
