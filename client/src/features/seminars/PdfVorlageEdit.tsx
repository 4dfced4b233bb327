/**
 * The PDF template window /pdf-vorlagen/{id} (spec 003 §2–§3, spec 001 §3): title, type and
 * template file; for invitations the seminars (data.veranstaltung_ids) and the invitation's fields
 * and optional texts, and 'PDF erzeugen' with what the form holds, saved or not.
 */
import { EINLADUNGS_VORLAGE } from '../../../../common/seminar';
import { useVorlagenDatei } from '../../components/files/vorlagen-dateien';
import type { EditProps, Row } from '../../resources/types';
import { EinladungsDaten, PdfErzeugen } from './EinladungsDaten';
import { Fenster, type FensterKontext } from './Fenster';

const RESOURCE = 'pdf-vorlage';

/** The types whose entries are invitations: the template and a stored invitation of chosen seminars. */
const EINLADUNGEN = [EINLADUNGS_VORLAGE, 'Seminareinladung'];

export function PdfVorlageEdit(props: EditProps) {
  return (
    <Fenster
      {...props}
      defaults={{ typ: EINLADUNGS_VORLAGE }}
      tabs={(kontext) => [{ id: 'grunddaten', title: 'Grunddaten', panel: <Formular kontext={kontext} /> }]}
    />
  );
}

function Formular({ kontext }: { kontext: FensterKontext }) {
  const { record, felder } = kontext;
  const einladung = EINLADUNGEN.includes(String(record.typ));
  // Without a file of its own an invitation takes the shipped seminareinladung.hbs.
  const datei = useVorlagenDatei(RESOURCE, record.template_file, einladung ? 'Standardvorlage' : '');
  const data = (record.data ?? {}) as Row;
  const seminare = Array.isArray(data.veranstaltung_ids) ? data.veranstaltung_ids : [];
  const auftrag = () => ({
    typ: record.typ,
    template_file: record.template_file ?? null,
    titel: record.titel,
    data,
  });
  return (
    <div className="form-columns">
      <section>
        {felder(['titel', 'typ', datei])}
        {einladung && (
          <>
            {felder([
              {
                name: 'data.veranstaltung_ids',
                type: 'records',
                resource: 'veranstaltung',
                display: ['titel', 'lg_id'],
              },
            ])}
            <PdfErzeugen auftrag={auftrag} disabled={seminare.length === 0} />
          </>
        )}
      </section>
      {einladung && <EinladungsDaten kontext={kontext} pfad="data" />}
    </div>
  );
}
