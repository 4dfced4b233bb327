/**
 * The event window /seminare/event/{id}, also below its seminar at
 * /seminare/veranstaltung/{id}/event/{id} (spec 001 §2–§6): tabs Grunddaten, Gebühren (only for
 * single-bookable events), Downloads (once saved) and Kosten (verband 3). A new event of a seminar
 * that is not wholly bookable starts single-bookable; picking a content takes its title;
 * deadline and sold-out apply only to single-bookable events.
 */
import { FormGroup, H6, Intent } from '@blueprintjs/core';
import { useEffect } from 'react';
import {
  eventFolgt,
  eventGesperrteFelder,
  kostenMitVorgabe,
  KOSTEN_BETRAEGE,
} from '../../../../common/seminar';
import { fieldLabel } from '../../../../common/vocabulary';
import { useUser } from '../../app/session';
import { RecordSelect } from '../../components/inputs/RecordSelect';
import type { EditProps, FieldOverride, Row } from '../../resources/types';
import { ladeDatensatz, useDatensatz } from './api';
import { Fenster, type FensterKontext } from './Fenster';
import { Preise } from './Preise';
import { TlmsKurs } from './TlmsKurs';

const RESOURCE = 'veranstaltung-event';

/** `veranstaltungId`: the seminar the window lies below (spec 001 §2: the veranstaltung_id parameter). */
export function EventEdit(props: EditProps & { veranstaltungId?: number }) {
  const { veranstaltungId } = props;
  const verband = useUser().verband;
  const unter = veranstaltungId === undefined ? undefined : `/seminare/veranstaltung/${veranstaltungId}`;
  return (
    <Fenster
      {...props}
      listPath={unter && `${unter}/event`}
      closePath={unter}
      defaults={veranstaltungId === undefined ? undefined : { veranstaltung_id: veranstaltungId }}
      tabs={(kontext) => {
        const { record, change, edit } = kontext;
        return [
          {
            id: 'grunddaten',
            title: 'Grunddaten',
            panel: <Grunddaten kontext={kontext} unterSeminar={Boolean(unter)} verband={verband} />,
          },
          {
            id: 'gebuehren',
            title: 'Gebühren',
            disabled: !record.einzeln_buchbar,
            panel: (
              <>
                <Preise resource={RESOURCE} record={record} change={change} errors={edit.errors} />
                <div className="field-form">{kontext.felder(['Storno_Options'])}</div>
              </>
            ),
          },
          kontext.downloads('Veranstaltung-Event'),
          { id: 'kosten', title: 'Kosten', disabled: verband !== 3, panel: <Kosten kontext={kontext} /> },
        ];
      }}
    />
  );
}

function Grunddaten({
  kontext,
  unterSeminar,
  verband,
}: {
  kontext: FensterKontext;
  unterSeminar: boolean;
  verband: number | null;
}) {
  const { record, change, felder, edit, isNew } = kontext;
  const { data: seminar } = useDatensatz('veranstaltung', record.veranstaltung_id);
  const seminarId = seminar?.id;

  // A new event follows its seminar's booking mode (spec 001 §4) once the seminar is known.
  useEffect(() => {
    if (isNew && seminar)
      change(
        eventFolgt(null, {}, { seminar: { nicht_gesamt_buchbar: Boolean(seminar.nicht_gesamt_buchbar) } }),
      );
    // Only when the seminar changes; `change` changes with every keystroke.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isNew, seminarId]);

  const bezug = { seminar: seminar ? { nicht_gesamt_buchbar: Boolean(seminar.nicht_gesamt_buchbar) } : null };
  const inhaltWaehlen = async (inhaltId: number | null) => {
    const inhalt =
      inhaltId === null
        ? null
        : await ladeDatensatz<Row & { titel: string }>('veranstaltung-inhalt', inhaltId);
    change(eventFolgt(record, { veranstaltung_inhalt_id: inhaltId }, { ...bezug, inhalt }));
  };
  const regeln = (patch: Row) => change(eventFolgt(record, patch, bezug));
  const gesperrt = eventGesperrteFelder(record);
  const feld = (name: string): FieldOverride => ({ name, readOnly: gesperrt.includes(name) });
  const inhaltFehler = edit.errors.veranstaltung_inhalt_id;

  return (
    <div className="form-columns">
      <section>
        {felder([{ name: 'veranstaltung_id', readOnly: unterSeminar }], { onChange: regeln })}
        <FormGroup
          label={fieldLabel(RESOURCE, 'veranstaltung_inhalt_id')}
          labelFor="field-veranstaltung_inhalt_id"
          intent={inhaltFehler ? Intent.DANGER : undefined}
          helperText={inhaltFehler}
        >
          <RecordSelect
            id="field-veranstaltung_inhalt_id"
            resource="veranstaltung-inhalt"
            value={record.veranstaltung_inhalt_id as number | null}
            onChange={(id) => void inhaltWaehlen(id)}
            label={(row) => String(row.titel ?? row.id)}
            searchFields={['titel']}
            // The seminar's own contents and the reusable ones.
            query={{
              where: { $or: [{ veranstaltung_id: record.veranstaltung_id ?? null }, { isKorpus: true }] },
              order: [['titel', 'ASC']],
            }}
          />
        </FormGroup>
        {felder(
          [
            'titel',
            'lg_id',
            'datum',
            'beginn',
            'ende',
            'veranstaltung_ort_id',
            'platzzahl',
            'Veranstaltung_Referents',
            { name: 'sonstiges', type: 'textarea' },
          ],
          { onChange: regeln },
        )}
      </section>
      <section>
        <div className="flags">{felder(['einzeln_buchbar', feld('ausgebucht')], { onChange: regeln })}</div>
        {felder(
          [
            feld('anmeldeschluss'),
            'fachberatermarke_id',
            { name: 'fachberater_stunden', min: 0, decimals: 2 },
            { name: 'fortbildungspass_stunden', min: 0, decimals: 2 },
            { name: 'data.webinar_url', type: 'text' },
            { name: 'data.webinar_titel', type: 'text' },
          ],
          { onChange: regeln },
        )}
        {verband === 2 && (
          <>
            <H6>Verband 2</H6>
            {felder([{ name: 'data.aptis_video_resource', type: 'text' }])}
            <TlmsKurs art={RESOURCE} edit={edit} change={change} />
          </>
        )}
        {felder([
          { name: 'data.rw_feld1', type: 'text' },
          { name: 'data.rw_feld2', type: 'text' },
        ])}
      </section>
    </div>
  );
}

/** Spec 001 §5: Sollbuchung a whole number (10 unless set, spec 003 §9), the rest amounts, all from 0. */
function Kosten({ kontext }: { kontext: FensterKontext }) {
  const { record, felder } = kontext;
  return (
    <div className="field-form kosten">
      {felder(
        [
          { name: 'kosten.sollbuchung', type: 'number', decimals: 0, min: 0 },
          ...KOSTEN_BETRAEGE.map((name) => ({ name: `kosten.${name}`, type: 'amount' as const, min: 0 })),
        ],
        { werte: { ...record, kosten: kostenMitVorgabe(record.kosten) } },
      )}
    </div>
  );
}
