/**
 * The seminar window /seminare/veranstaltung/{id} (spec 001 §2–§6): tabs Grunddaten, Inhalte,
 * Veranstaltungen, Downloads, PDF and Teilnahmebedingungen (the middle four once it is saved),
 * the type and booking transitions of §4 as staff edit (common/seminar.ts, which the server
 * applies on save too), the price rows, the VAT checkbox, the debtor number of a type with a
 * debtor circle, and the fields of verband 2 and 3.
 */
import { AnchorButton, FormGroup, H6, HTMLSelect, InputGroup, Switch } from '@blueprintjs/core';
import { useState } from 'react';
import {
  anmeldeschlussSichtbar,
  EINLADUNGS_VORLAGE,
  mwstSchalter,
  seminarFolgt,
  STUNDEN_SCHRITT,
} from '../../../../common/seminar';
import { fieldLabel } from '../../../../common/vocabulary';
import { useUser } from '../../app/session';
import { ResourceList } from '../../components/ResourceList';
import type { EditProps, FieldOverride, ResourceConfig, Row } from '../../resources/types';
import { icalUrl, ladeDatensatz, useDatensatz, useDebitorVorschau, type SeminarTyp } from './api';
import { resourcePath } from '../../lib/api';
import { useApi } from '../../lib/hooks';
import { LEHRGANG_TYPEN, PDF } from './felder';
import { EinladungsDaten, einladungsVorgaben, PdfErzeugen } from './EinladungsDaten';
import { Fenster, type FensterKontext } from './Fenster';
import { Preise } from './Preise';
import { TlmsKurs } from './TlmsKurs';
import { EVENT_SPALTEN } from './spalten';

const RESOURCE = 'veranstaltung';
const S = '/seminare/veranstaltung';

/** The lists of a seminar's tabs: their rows open below the seminar (spec 001 §2 sub-routes). */
const unterListe = (id: number, art: 'event' | 'inhalt'): ResourceConfig =>
  art === 'event'
    ? {
        path: `${S}/${id}/event`,
        resource: 'veranstaltung-event',
        label: 'Veranstaltungen',
        query: { where: { veranstaltung_id: id } },
        columns: EVENT_SPALTEN,
        timeDefault: 'alle',
        defaultSort: { field: 'datum', dir: 'ASC' },
      }
    : {
        path: `${S}/${id}/inhalt`,
        resource: 'veranstaltung-inhalt',
        label: 'Inhalte',
        query: { where: { veranstaltung_id: id } },
        columns: [{ field: 'titel' }, { field: 'isKorpus', type: 'boolean' }],
        timeDefault: 'alle',
        defaultSort: { field: 'titel', dir: 'ASC' },
      };

export function SeminarEdit(props: EditProps) {
  return (
    <Fenster
      {...props}
      actions={({ record }) => (
        <>
          <AnchorButton icon="people" text="Teilnehmer" href={`#${S}/${String(record.id)}/teilnehmer`} />
          <AnchorButton icon="calendar" text="Kalender (iCal)" href={icalUrl(record.id as number)} />
        </>
      )}
      tabs={(kontext) => {
        const { record, isNew, felder } = kontext;
        const id = record.id as number;
        return [
          { id: 'grunddaten', title: 'Grunddaten', panel: <Grunddaten kontext={kontext} /> },
          {
            id: 'inhalte',
            title: 'Inhalte',
            disabled: isNew,
            panel: !isNew && <ResourceList config={unterListe(id, 'inhalt')} />,
          },
          {
            id: 'veranstaltungen',
            title: 'Veranstaltungen',
            disabled: isNew,
            panel: !isNew && <ResourceList config={unterListe(id, 'event')} />,
          },
          kontext.downloads('Veranstaltung'),
          { id: 'pdf', title: 'PDF', disabled: isNew, panel: <PdfDaten kontext={kontext} /> },
          {
            id: 'teilnahmebedingungen',
            title: 'Teilnahmebedingungen',
            panel: (
              <div className="field-form">{felder([{ name: 'teilnahmebedingungen', type: 'richtext' }])}</div>
            ),
          },
        ];
      }}
    />
  );
}

/** A saved seminar's debtor number; a new one's as it will be assigned on saving. */
function debitorText(record: Row, vorschau: number | undefined): string {
  if (record.debitor != null) return String(record.debitor);
  if (record.id !== undefined) return '';
  return vorschau === undefined
    ? 'wird beim Speichern vergeben'
    : `${vorschau} (wird beim Speichern vergeben)`;
}

function Grunddaten({ kontext }: { kontext: FensterKontext }) {
  const { record, change, felder, edit } = kontext;
  const verband = useUser().verband;
  const { data: typ } = useDatensatz<SeminarTyp>('veranstaltung-typ', record.veranstaltung_typ_id);
  const aktuellerTyp = record.veranstaltung_typ_id == null ? null : (typ ?? null);

  // Choosing a type copies its values (spec 001 §4): they are read first.
  const typWaehlen = async (typId: number | null) => {
    const gewaehlt = typId === null ? null : await ladeDatensatz<SeminarTyp>('veranstaltung-typ', typId);
    change(seminarFolgt(record, { veranstaltung_typ_id: typId }, gewaehlt));
  };
  const regeln = (patch: Row) =>
    'veranstaltung_typ_id' in patch
      ? void typWaehlen(patch.veranstaltung_typ_id as number | null)
      : change(seminarFolgt(record, patch, aktuellerTyp));

  const kreisId = aktuellerTyp?.rw_debitor_kreis_id ?? null;
  const { data: vorschau } = useDebitorVorschau(kontext.isNew ? kreisId : null);
  const mwst = mwstSchalter(record, aktuellerTyp);
  const gesperrt = (name: string, wenn: boolean): FieldOverride => ({ name, readOnly: wenn });
  const label = (name: string) => fieldLabel(RESOURCE, name) ?? name;

  return (
    <div className="seminar-grunddaten">
      <div className="form-columns">
        <section>
          {felder(
            [
              'veranstaltung_typ_id',
              'lg_id',
              'titel',
              { name: 'beschreibung', type: 'textarea' },
              ...(anmeldeschlussSichtbar(record) ? ['anmeldeschluss'] : []),
              'link_extern',
            ],
            { onChange: regeln },
          )}
          <div className="flags">
            {felder(
              [
                'nicht_gesamt_buchbar',
                gesperrt('ringseminar', Boolean(record.nicht_gesamt_buchbar)),
                'ausgebucht',
                'freigabe',
                'freigabe_teilnahme_bescheinigung',
                'atr_in_seminaruebersicht',
                'bezirk',
              ],
              { onChange: regeln },
            )}
          </div>
        </section>
        <section>
          {felder(
            [
              'fachberater',
              'fachberatermarke_id',
              { name: 'fachberater_stunden', min: 0, decimals: 2, step: STUNDEN_SCHRITT },
              { name: 'fortbildungspass_stunden', min: 0, decimals: 2, step: STUNDEN_SCHRITT },
            ],
            { onChange: regeln },
          )}
          <FormGroup helperText={edit.errors.mwst} intent={edit.errors.mwst ? 'danger' : undefined}>
            <Switch
              id="field-mwst"
              label={aktuellerTyp ? `MwSt. (${mwst.satz.toLocaleString('de-DE')} %)` : 'MwSt.'}
              checked={mwst.an}
              disabled={mwst.gesperrt}
              onChange={(e) => change({ mwst: e.currentTarget.checked ? mwst.satz : 0 })}
            />
          </FormGroup>
          {aktuellerTyp?.rw_debitor_kreis_id != null && (
            <FormGroup label={label('debitor')} labelFor="field-debitor">
              <InputGroup id="field-debitor" readOnly value={debitorText(record, vorschau?.debitor)} />
            </FormGroup>
          )}
          {felder(['Storno_Options'])}
          {verband === 2 && (
            <>
              <H6>Verband 2</H6>
              {felder([{ name: 'data.lehrgang', type: 'boolean' }])}
              {Boolean((record.data as Row | null)?.lehrgang) &&
                felder([
                  {
                    name: 'data.lehrgang_typ',
                    type: 'select',
                    options: [
                      { value: null, label: '' },
                      ...LEHRGANG_TYPEN.map((value) => ({ value, label: value })),
                    ],
                  },
                ])}
              <TlmsKurs art={RESOURCE} edit={edit} change={change} />
              {felder([
                { name: 'data.image_url', type: 'text' },
                { name: 'data.promo_text', type: 'textarea' },
              ])}
            </>
          )}
          {verband === 3 &&
            felder([
              { name: 'data.pictogram', type: 'text' },
              { name: 'data.disable_skript_per_post', type: 'boolean' },
            ])}
        </section>
      </div>
      <H6>Preise</H6>
      <Preise resource={RESOURCE} record={record} change={change} errors={edit.errors} />
      <H6>Weitere Angaben</H6>
      <div className="form-columns">
        {felder([
          { name: 'data.textfeld1', type: 'text' },
          { name: 'data.textfeld2', type: 'text' },
          { name: 'data.rw_feld1', type: 'text' },
          { name: 'data.rw_feld2', type: 'text' },
        ])}
      </div>
    </div>
  );
}

/** The data of the seminar-invitation PDF (spec 001 §3): optional texts are switched on by being a string. */
function PdfDaten({ kontext }: { kontext: FensterKontext }) {
  const { record } = kontext;
  const { data: vorlagen } = useApi<Row[]>(resourcePath('pdf-vorlage'), {
    where: { typ: EINLADUNGS_VORLAGE },
    attributes: ['id', 'titel', 'template_file'],
    order: [['titel', 'ASC']],
  });
  const [vorlageId, setVorlageId] = useState<string>('');
  const vorlage = vorlagen?.find((v) => String(v.id) === vorlageId) ?? vorlagen?.[0];
  // The texts as typed, saved or not (issue 35): the server's own are the saved ones.
  const auftrag = () => ({
    typ: EINLADUNGS_VORLAGE,
    template_file: vorlage?.template_file ?? null,
    titel: `Seminareinladung ${String(record.titel ?? '')}`.trim(),
    data: { ...einladungsVorgaben(record, PDF), veranstaltung_ids: [record.id] },
  });
  return (
    <div className="form-columns">
      <section className="pdf-erzeugen">
        <HTMLSelect
          aria-label="Vorlage"
          value={vorlage ? String(vorlage.id) : ''}
          onChange={(e) => setVorlageId(e.currentTarget.value)}
          options={
            vorlagen?.length
              ? vorlagen.map((v) => ({ value: String(v.id), label: String(v.titel) }))
              : [{ value: '', label: 'Standardvorlage' }]
          }
        />
        <PdfErzeugen auftrag={auftrag} />
      </section>
      <EinladungsDaten kontext={kontext} pfad={PDF} />
    </div>
  );
}
