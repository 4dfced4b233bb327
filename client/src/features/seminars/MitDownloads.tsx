/**
 * The windows of contents, speakers and rooms (spec 001 §2, spec 002 §2): their fields and a
 * Downloads tab with the categories of the relation (disabled while new).
 */
import type { EditProps } from '../../resources/types';
import { Fenster } from './Fenster';

/** A content, also below its seminar at /seminare/veranstaltung/{id}/inhalt/{id} (optional veranstaltung_id). */
export function InhaltEdit(props: EditProps & { veranstaltungId?: number }) {
  const { veranstaltungId } = props;
  const unter = veranstaltungId === undefined ? undefined : `/seminare/veranstaltung/${veranstaltungId}`;
  return (
    <Fenster
      {...props}
      listPath={unter && `${unter}/inhalt`}
      closePath={unter}
      defaults={veranstaltungId === undefined ? undefined : { veranstaltung_id: veranstaltungId }}
      tabs={({ felder, downloads }) => [
        {
          id: 'grunddaten',
          title: 'Grunddaten',
          panel: (
            <div className="field-form">
              {felder([{ name: 'veranstaltung_id', readOnly: Boolean(unter) }, 'isKorpus', 'titel'])}
            </div>
          ),
        },
        {
          id: 'inhalte',
          title: 'Inhalte',
          panel: (
            <div className="field-form">
              {felder([
                { name: 'einfuehrung', type: 'richtext' },
                { name: 'themenuebersicht', type: 'richtext' },
              ])}
            </div>
          ),
        },
        downloads('Veranstaltung-Inhalt'),
      ]}
    />
  );
}

/** Grunddaten with `fields` in this order, then Downloads of `relation`. */
function grunddatenUndDownloads(fields: string[], relation: string) {
  return function Edit(props: EditProps) {
    return (
      <Fenster
        {...props}
        tabs={({ felder, downloads }) => [
          {
            id: 'grunddaten',
            title: 'Grunddaten',
            panel: <div className="field-form">{felder(fields)}</div>,
          },
          downloads(relation),
        ]}
      />
    );
  };
}

export const ReferentEdit = grunddatenUndDownloads(
  ['kennnummer', 'titel', 'vorname', 'nachname', 'berufsbezeichnung', 'arbeitsstaette', 'anrede_name'],
  'Veranstaltung-Referent',
);

/** Spec 002 §2: raum_id, bezeichnung, strasse, plz, ort; downloads Anfahrtsskizze and Sonstiges. */
export const OrtEdit = grunddatenUndDownloads(
  ['raum_id', 'bezeichnung', 'strasse', 'plz', 'ort'],
  'Veranstaltung-Ort',
);
