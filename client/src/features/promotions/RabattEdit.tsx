/**
 * The discount window /werbung/rabatte/{id} (spec 002 §2–§5, §9): a stepper with Grunddaten,
 * Seminarauswahl and Teilnehmereinschränkung. The rules of common/rabatt.ts apply as staff edit
 * (the server applies and checks the same on save): titles follow the internal title, the validity
 * mode is derived on load and 'immer' clears the dates, minPreis is disabled for a fixed price,
 * a per-participant limit resets jederXte; values show their unit (€ or %).
 */
import { FormGroup, H6, Intent, SegmentedControl } from '@blueprintjs/core';
import { useCallback, useState, type ReactNode } from 'react';
import {
  GUELTIGKEITS_MODI,
  gueltigkeitsModus,
  jederXteMoeglich,
  mindestpreisMoeglich,
  modusWaehlen,
  rabattEinheit,
  rabattFolgt,
  type GueltigkeitsModus,
} from '../../../../common/rabatt';
import { StepperFenster, useEintrag } from '../../components/EintragsFenster';
import { Field } from '../../components/FieldForm';
import { NumberInput } from '../../components/inputs/NumberInput';
import { editFields, type ResourceMeta } from '../../resources/meta';
import type { EditProps, FieldOverride, Row } from '../../resources/types';
import { MitMetadaten } from '../../components/MitMetadaten';

export function RabattEdit({ config, id }: EditProps) {
  return (
    <MitMetadaten
      resource={config.resource}
      render={(meta) => <RabattFenster config={config} id={id} meta={meta} />}
    />
  );
}

function RabattFenster({ config, id, meta }: EditProps & { meta: ResourceMeta }) {
  const edit = useEintrag(config, id, meta);
  const { record, change: setFields, errors } = edit;
  const change = useCallback((patch: Row) => setFields(rabattFolgt(record, patch)), [record, setFields]);
  // The mode is derived from the loaded record; a chosen 'Zeitraum' stays chosen while its dates are empty.
  const [modus, setModus] = useState<GueltigkeitsModus | null>(null);
  const aktuellerModus = modus ?? gueltigkeitsModus(record);

  const felder = (overrides: FieldOverride[]): ReactNode =>
    editFields(meta, overrides).map((def) => (
      <Field key={def.name} field={def} record={record} onChange={change} error={errors[def.name]} />
    ));
  const einheit = rabattEinheit(record.typ);
  const betrag = (name: 'wert' | 'minPreis', label: string, gesperrt = false, max?: number) => (
    <FormGroup
      label={label}
      labelFor={`field-${name}`}
      intent={errors[name] ? Intent.DANGER : undefined}
      helperText={errors[name]}
    >
      <NumberInput
        id={`field-${name}`}
        value={record[name] as number | null}
        onChange={(value) => change({ [name]: value })}
        min={0}
        max={max}
        decimals={2}
        grouping
        disabled={gesperrt}
        rightElement={<span className="input-unit">{name === 'wert' ? einheit : '€'}</span>}
      />
    </FormGroup>
  );

  const grunddaten = (
    <div className="form-columns rabatt-grunddaten">
      <section>
        {felder([
          'titel',
          'titel_frontend',
          'titel_warenkorb',
          'titel_rechnung',
          { name: 'beschreibung', type: 'textarea' },
          { name: 'teilnahmebedingungen', type: 'textarea' },
          'aktiv',
        ])}
      </section>
      <section>
        {felder(['typ'])}
        {betrag('wert', `Wert (${einheit})`, false, record.typ === 'percent' ? 100 : undefined)}
        {betrag('minPreis', 'Mindestpreis (€)', !mindestpreisMoeglich(record.typ))}
        <H6>Gültigkeit</H6>
        <FormGroup label="Gültig">
          <SegmentedControl
            options={GUELTIGKEITS_MODI}
            value={aktuellerModus}
            onValueChange={(value) => {
              setModus(value as GueltigkeitsModus);
              change(modusWaehlen(value as GueltigkeitsModus));
            }}
          />
        </FormGroup>
        {aktuellerModus === 'zeitraum' && felder(['gueltigVon', 'gueltigBis'])}
        {aktuellerModus === 'seminarbezogen' &&
          felder([
            { name: 'gueltigVonTageVorSeminar', min: 0, decimals: 0 },
            { name: 'gueltigBisTageVorSeminar', min: 0, decimals: 0 },
          ])}
      </section>
    </div>
  );

  const seminarauswahl = (
    <div className="field-form">
      {felder(['seminarAuswahlTyp'])}
      {record.seminarAuswahlTyp === 'einzelne' && felder(['Veranstaltungs'])}
      {record.seminarAuswahlTyp === 'typen' && felder(['Veranstaltung_Typs'])}
      <div className="form-columns">{felder(['seminareVon', 'seminareBis'])}</div>
    </div>
  );

  const teilnehmer = (
    <div className="field-form">
      {felder(['benutzerAuswahlTyp'])}
      {record.benutzerAuswahlTyp === 'gruppen' && felder(['Benutzer_Gruppes'])}
      {felder([
        { name: 'maxTeilnehmerBuchungen', min: 0, decimals: 0 },
        { name: 'maxSeminarBuchungen', min: 0, decimals: 0 },
        { name: 'jederXte', min: 0, decimals: 0, readOnly: !jederXteMoeglich(record) },
      ])}
    </div>
  );

  return (
    <StepperFenster
      config={config}
      id={id}
      meta={meta}
      edit={edit}
      steps={[
        { id: 'grunddaten', title: 'Grunddaten', panel: grunddaten },
        { id: 'seminarauswahl', title: 'Seminarauswahl', panel: seminarauswahl },
        { id: 'teilnehmer', title: 'Teilnehmereinschränkung', panel: teilnehmer },
      ]}
    />
  );
}
