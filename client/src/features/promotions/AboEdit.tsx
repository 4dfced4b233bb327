/**
 * The Abo editor /werbung/abo/{id} (spec 003 §2–§5, §9; issue 30): a stepper with Grunddaten,
 * Teilnehmereinschränkung and Preise (a new Abo: its first period, saved with it) or Preise &
 * Seminare (an existing one: its periods, newest first, each opening the Turnus window).
 * Turnustyp, Stichtag, Stichmonat and Abrechnungsintervall are fixed once the Abo exists; the
 * Stichmonat is for yearly Abos only; „Pausiert“ is the inverse of aktiv. The server applies the
 * same rules on save (domain/regeln.ts).
 */
import { Button, Callout, FormGroup, Intent, Switch } from '@blueprintjs/core';
import { useCallback, useEffect, type ReactNode } from 'react';
import { ERSTER_TURNUS_VORGABEN, stichmonatFolgt } from '../../../../common/abo';
import { titelFolgt } from '../../../../common/angebot';
import { berlinDatum } from '../../../../common/kalender';
import { fieldLabel } from '../../../../common/vocabulary';
import { navigate } from '../../app/router';
import { StepperFenster, useEintrag } from '../../components/EintragsFenster';
import { Field } from '../../components/FieldForm';
import { DateInput } from '../../components/inputs/DateInput';
import { NumberInput } from '../../components/inputs/NumberInput';
import { MitMetadaten } from '../../components/MitMetadaten';
import { RelatedTable } from '../../components/RelatedTable';
import { editFields, type ResourceMeta } from '../../resources/meta';
import type { EditProps, FieldOverride, Row } from '../../resources/types';

/** The first period's defaults (spec 003 §9); it begins today unless staff choose otherwise. */
const ersterTurnusVorgabe = () => ({
  ...ERSTER_TURNUS_VORGABEN,
  fromDate: berlinDatum(new Date()),
});

type ErsterTurnus = ReturnType<typeof ersterTurnusVorgabe>;

/** The hint of spec 003 §5, not shown for an Abo cancelled at once. */
export const KUENDIGUNGSFRIST_HINWEIS =
  'Die Tage vor dem Stichtag sollten innerhalb der Kündigungsfrist der Kunden liegen: die Abrechnung eines Turnus erfolgt so viele Tage vor seinem Beginn.';

export function AboEdit({ config, id }: EditProps) {
  return (
    <MitMetadaten
      resource={config.resource}
      render={(meta) => <AboFenster config={config} id={id} meta={meta} />}
    />
  );
}

function AboFenster({ config, id, meta }: EditProps & { meta: ResourceMeta }) {
  const edit = useEintrag(config, id, meta, { erster_turnus: ersterTurnusVorgabe() });
  const { record, isNew, change: setFields, errors } = edit;
  const change = useCallback(
    (patch: Row) => {
      setFields({
        ...titelFolgt(record, patch),
        ...('turnustyp' in patch ? stichmonatFolgt(patch.turnustyp) : {}),
      });
    },
    [record, setFields],
  );
  const fest = !isNew;
  // A copy is new as well: it gets a first period of its own, from the defaults.
  useEffect(() => {
    if (isNew && !edit.loading && record.erster_turnus === undefined)
      setFields({ erster_turnus: ersterTurnusVorgabe() });
  }, [isNew, edit.loading, record.erster_turnus, setFields]);
  const felder = (overrides: FieldOverride[]): ReactNode =>
    editFields(meta, overrides).map((def) => (
      <Field key={def.name} field={def} record={record} onChange={change} error={errors[def.name]} />
    ));

  const grunddaten = (
    <div className="form-columns abo-grunddaten">
      <section>
        {felder([
          'titel',
          'titel_frontend',
          'titel_warenkorb',
          'titel_rechnung',
          { name: 'beschreibung', type: 'textarea' },
          { name: 'teilnahmebedingungen', type: 'textarea' },
          'rw_vorlage_id',
        ])}
      </section>
      <section>
        <FormGroup label="Pausiert" labelFor="field-pausiert">
          <Switch
            id="field-pausiert"
            checked={record.aktiv === false}
            onChange={(e) => change({ aktiv: !e.currentTarget.checked })}
          />
        </FormGroup>
        {felder(['auslaufen_lassen', { name: 'turnustyp', readOnly: fest }])}
        {felder([{ name: 'stichtag', min: 1, max: 28, decimals: 0, readOnly: fest }])}
        {record.turnustyp === 'jaehrlich' &&
          felder([{ name: 'stichmonat', min: 1, max: 12, decimals: 0, readOnly: fest }])}
        {felder([
          { name: 'abrechnungsintervall', min: 1, decimals: 0, readOnly: fest },
          { name: 'turn_offset_days', min: 0, decimals: 0 },
        ])}
        {!record.instant_storno && (
          <Callout className="abo-hinweis" intent={Intent.PRIMARY} icon="info-sign">
            {KUENDIGUNGSFRIST_HINWEIS}
          </Callout>
        )}
        {felder(['instant_storno', 'dyn_kuend_frist'])}
      </section>
    </div>
  );

  const teilnehmer = (
    <div className="field-form">
      {felder(['benutzerAuswahlTyp'])}
      {record.benutzerAuswahlTyp === 'gruppen' && felder(['Benutzer_Gruppes'])}
    </div>
  );

  const oeffneTurnus = (row: Row) => navigate(`${config.path}/${id}/${String(row.id)}`);
  const turnus = (record.erster_turnus ?? ersterTurnusVorgabe()) as ErsterTurnus;
  const setzeTurnus = (patch: Partial<ErsterTurnus>) => change({ erster_turnus: { ...turnus, ...patch } });
  const turnusZahl = (name: keyof ErsterTurnus, min: number, decimals: number, nullable = false) => {
    const feld = `erster_turnus.${name}`;
    return (
      <FormGroup
        key={name}
        label={fieldLabel('wb-abo', feld)}
        labelFor={`field-${feld}`}
        intent={errors[feld] ? Intent.DANGER : undefined}
        helperText={errors[feld]}
      >
        <NumberInput
          id={`field-${feld}`}
          value={turnus[name] as number | null}
          onChange={(value) => setzeTurnus({ [name]: nullable ? value : (value ?? min) })}
          min={min}
          decimals={decimals}
          grouping={decimals > 0}
        />
      </FormGroup>
    );
  };
  const preise = isNew ? (
    <div className="form-columns abo-erster-turnus">
      <section>
        {turnusZahl('preis', 0, 2)}
        {turnusZahl('mwst', 0, 2, true)}
        <FormGroup
          label={fieldLabel('wb-abo', 'erster_turnus.fromDate')}
          labelFor="field-erster_turnus.fromDate"
          intent={errors['erster_turnus.fromDate'] ? Intent.DANGER : undefined}
          helperText={
            errors['erster_turnus.fromDate'] ?? 'Der erste Turnus ist der, in dem dieser Tag liegt.'
          }
        >
          <DateInput
            id="field-erster_turnus.fromDate"
            value={turnus.fromDate}
            onChange={(value) => setzeTurnus({ fromDate: value ?? '' })}
          />
        </FormGroup>
      </section>
      <section>
        {turnusZahl('preisgarantie', 1, 0)}
        {turnusZahl('verlaengerung', 1, 0)}
        {turnusZahl('kuendigungsfrist', 0, 0)}
      </section>
    </div>
  ) : (
    <RelatedTable
      resource="wb-abo-turnus"
      query={{ where: { wb_abo_id: Number(id) }, order: [['von', 'DESC']] }}
      columns={[
        { field: 'von', type: 'date' },
        { field: 'bis', type: 'date' },
        { field: 'preis', type: 'amount' },
        { field: 'mwst' },
        { field: 'pause', type: 'boolean' },
      ]}
      onOpen={oeffneTurnus}
      actions={(row) => (
        <Button small minimal icon="edit" aria-label="Turnus öffnen" onClick={() => oeffneTurnus(row)} />
      )}
    />
  );

  return (
    <StepperFenster
      config={config}
      id={id}
      meta={meta}
      edit={edit}
      steps={[
        { id: 'grunddaten', title: 'Grunddaten', panel: grunddaten },
        { id: 'teilnehmer', title: 'Teilnehmereinschränkung', panel: teilnehmer },
        { id: 'preise', title: isNew ? 'Preise' : 'Preise & Seminare', panel: preise },
      ]}
    />
  );
}
