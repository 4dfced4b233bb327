/**
 * The certificate window /benutzer/bescheinigung/{id} (spec 001 §2–§5): title, kind, template file
 * from the certificate files, validity with its text, and the filters that decide which seminars
 * and participants the certificate is for. The seminar types are open only with a filter variant;
 * choosing none clears them (common/bescheinigung.ts, which the server applies on save too).
 */
import { FormGroup, H6 } from '@blueprintjs/core';
import {
  bescheinigungsDatenFolgen,
  FILTER_VARIANTEN,
  FILTER_VARIANTEN_LABEL,
  gueltigkeitsText,
} from '../../../../common/bescheinigung';
import { fieldLabel } from '../../../../common/vocabulary';
import { useVorlagenDatei } from '../../components/files/vorlagen-dateien';
import type { EditProps, Row } from '../../resources/types';
import { Fenster, type FensterKontext } from './Fenster';

const RESOURCE = 'bescheinigung';
const VARIANTE = 'data.veranstaltungTypenFilterVariant';

const VARIANTEN = [
  { value: null, label: FILTER_VARIANTEN_LABEL.none },
  ...FILTER_VARIANTEN.map((value) => ({ value, label: FILTER_VARIANTEN_LABEL[value] })),
];

export function BescheinigungEdit(props: EditProps) {
  return (
    <Fenster
      {...props}
      tabs={(kontext) => [
        { id: 'bescheinigung', title: 'Bescheinigung', panel: <Formular kontext={kontext} /> },
      ]}
    />
  );
}

function Formular({ kontext }: { kontext: FensterKontext }) {
  const { record, change, felder } = kontext;
  const datei = useVorlagenDatei(RESOURCE, record.template_file);
  const data = (record.data ?? {}) as Row;
  const mitTypen = FILTER_VARIANTEN.some((v) => v === data.veranstaltungTypenFilterVariant);
  const varianteWaehlen = (patch: Row) =>
    change({
      data: bescheinigungsDatenFolgen({ ...data, veranstaltungTypenFilterVariant: patch[VARIANTE] }),
    });
  return (
    <div className="form-columns">
      <section>
        {felder(['titel', 'typ', datei, 'aktiv', 'valid_from', 'valid_to'])}
        <FormGroup label={fieldLabel(RESOURCE, 'gueltigkeit')} labelFor="gueltigkeit">
          <output id="gueltigkeit" className="gueltigkeit">
            {gueltigkeitsText(record)}
          </output>
        </FormGroup>
      </section>
      <section>
        <H6>Filter</H6>
        {felder([{ name: VARIANTE, type: 'select', options: VARIANTEN }], { onChange: varianteWaehlen })}
        {felder([
          {
            name: 'data.veranstaltungTypen',
            type: 'records',
            resource: 'veranstaltung-typ',
            display: ['bezeichnung'],
            readOnly: !mitTypen,
          },
          { name: 'data.events_from', type: 'date' },
          { name: 'data.events_to', type: 'date' },
          { name: 'data.fortbildungspass', type: 'boolean' },
          {
            name: 'data.fachberatermarke_id',
            type: 'record',
            resource: 'fachberatermarke',
            display: ['bezeichnung'],
          },
          { name: 'data.textfeld1', type: 'text' },
          {
            name: 'data.veranstaltungenExclude',
            type: 'records',
            resource: 'veranstaltung',
            display: ['titel', 'lg_id'],
          },
          { name: 'data.benutzerGruppen', type: 'records', resource: 'benutzer-gruppe', display: ['name'] },
        ])}
      </section>
    </div>
  );
}
