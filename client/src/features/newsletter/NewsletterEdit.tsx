/**
 * The newsletter window /newsletter/newsletter/{id} (spec 002 §2–§5): tabs Grunddaten,
 * Versand-Gruppen, Ausschluss-Gruppen, Body, Inhalte (generated from the template's content
 * scheme) and Downloads; the recipient count, the preview for one recipient and planning a
 * dispatch, which needs a stored newsletter.
 */
import { Button, Callout, Intent, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { leseContentScheme, NICHT_GESPEICHERT } from '../../../../common/newsletter';
import { EditFrame, SaveButtons, TabFrame, useEditRecord } from '../../components/EditFrame';
import { FieldForm } from '../../components/FieldForm';
import { api, resourcePath } from '../../lib/api';
import { reportError } from '../../lib/errors';
import { invalidateResource, useApi } from '../../lib/hooks';
import { showErrorToast, showToast } from '../../lib/toaster';
import { editFields, newRecordDefaults, type ResourceMeta } from '../../resources/meta';
import type { EditProps, Row } from '../../resources/types';
import { DownloadsTab } from '../seminars/DownloadsTab';
import { GruppenListe } from './GruppenListe';
import { InhalteForm } from './InhalteForm';
import { Vorschau } from './Vorschau';
import { MitMetadaten } from '../../components/MitMetadaten';

const LINKS = ['Benutzer_Gruppes', 'Ausschluss_Gruppes'] as const;

const GRUNDDATEN = [
  'titel',
  'betreff',
  'newsletter_absender_id',
  'newsletter_vorlagen_id',
  'veranstaltung_id',
  'veranstaltung_event_id',
  'bearbeitungsstatus',
  'manual_versanddatum',
  'manual_versanduhrzeit',
  'allow_duplicate_email',
  'freigabe',
];

export function NewsletterEdit({ config, id }: EditProps) {
  return (
    <MitMetadaten
      resource={config.resource}
      render={(meta) => <NewsletterFenster config={config} id={id} meta={meta} />}
    />
  );
}

const ids = (value: unknown): number[] => (Array.isArray(value) ? (value as number[]) : []);

/** The manual send date and time (the staff's wall time), or now, as the dispatcher's versand_time. */
function versandZeit(record: Row): string {
  if (!record.manual_versanddatum) return new Date().toISOString();
  const zeit = String(record.manual_versanduhrzeit ?? '00:00');
  return new Date(`${String(record.manual_versanddatum)}T${zeit}:00`).toISOString();
}

function NewsletterFenster({ config, id, meta }: EditProps & { meta: ResourceMeta }) {
  const edit = useEditRecord<Row>({
    resource: config.resource,
    listPath: config.path,
    id,
    // Spec 002 §4: a new newsletter is 'offen' (shown read-only; the server sets it).
    defaults: { ...newRecordDefaults(meta, config), bearbeitungsstatus: 'offen' },
    linkFields: [...LINKS],
    query: { include: LINKS.map((association) => ({ association, attributes: ['id'] })) },
  });
  const { record, isNew, change, errors } = edit;
  const [vorschau, setVorschau] = useState(false);
  const vorlageId = record.newsletter_vorlagen_id as number | null | undefined;
  const { data: vorlage } = useApi<Row>(vorlageId ? resourcePath('newsletter-vorlagen', vorlageId) : null);
  const { data: empfaenger } = useApi<{ anzahl: number }>(
    isNew ? null : `/api/newsletter/${id}/empfaenger`,
    // Fetched again after each save (the groups and allow_duplicate_email may have changed).
    { version: record.version as number },
  );
  const versand = ids(record.Benutzer_Gruppes);
  const ausschluss = ids(record.Ausschluss_Gruppes);
  const scheme = vorlage?.json_content_scheme == null ? null : leseContentScheme(vorlage.json_content_scheme);
  // Spec 002 §6: the academy refreshes StBdirekt templates' contents (the server knows verband and URL).
  const { data: stbdirekt } = useApi<{ verfuegbar: boolean }>(
    vorlage?.external_data_type === 'StBdirekt' ? '/pflege/stbdirekt-content/verfuegbar' : null,
  );
  const [stbdirektLaedt, setStbdirektLaedt] = useState(false);

  const stbdirektLaden = async () => {
    setStbdirektLaedt(true);
    try {
      const antwort = await api.get<{ json_content: Row }>('/pflege/stbdirekt-content', {
        vorlage: vorlageId,
      });
      change({ json_content: antwort.json_content });
    } catch {
      // Spec 002 §8: a failed StBdirekt fetch is ignored silently (the server logs it).
    } finally {
      setStbdirektLaedt(false);
    }
  };

  const versandAnlegen = async () => {
    if (isNew) return showErrorToast(NICHT_GESPEICHERT);
    try {
      await api.post(resourcePath('newsletter-dispatcher'), {
        newsletter_id: record.id,
        versand_time: versandZeit(record),
      });
      invalidateResource('newsletter-dispatcher');
      showToast('Dispatcher erfolgreich angelegt', Intent.SUCCESS);
    } catch (error) {
      reportError(error);
    }
  };

  const tabs = [
    {
      id: 'grunddaten',
      title: 'Grunddaten',
      panel: (
        <>
          <FieldForm
            fields={editFields(meta, GRUNDDATEN)}
            record={record}
            onChange={change}
            errors={errors}
          />
          {!isNew && (
            <p className="newsletter-empfaenger">
              Empfänger: <Tag minimal>{empfaenger ? empfaenger.anzahl : '…'}</Tag>
            </p>
          )}
        </>
      ),
    },
    {
      id: 'versand-gruppen',
      title: 'Versand-Gruppen',
      panel: (
        <GruppenListe
          ids={versand}
          andere={ausschluss}
          onChange={(Benutzer_Gruppes) => change({ Benutzer_Gruppes })}
          newsletter={record}
        />
      ),
    },
    {
      id: 'ausschluss-gruppen',
      title: 'Ausschluss-Gruppen',
      panel: (
        <GruppenListe
          ids={ausschluss}
          andere={versand}
          onChange={(Ausschluss_Gruppes) => change({ Ausschluss_Gruppes })}
          newsletter={record}
        />
      ),
    },
    {
      id: 'body',
      title: 'Body',
      panel: (
        <FieldForm fields={editFields(meta, ['body'])} record={record} onChange={change} errors={errors} />
      ),
    },
    {
      id: 'inhalte',
      title: 'Inhalte',
      panel: (
        <>
          {errors.json_content && (
            <Callout intent={Intent.DANGER} className="newsletter-inhalte-fehler">
              {errors.json_content}
            </Callout>
          )}
          {stbdirekt?.verfuegbar && (
            <Button
              icon="refresh"
              loading={stbdirektLaedt}
              onClick={() => void stbdirektLaden()}
              className="newsletter-stbdirekt"
            >
              StBdirekt-Inhalte laden
            </Button>
          )}
          {scheme?.ok ? (
            <InhalteForm
              scheme={scheme.wert}
              wert={(record.json_content as Row | null) ?? {}}
              onChange={(json_content) => change({ json_content })}
              pfad="inhalt-"
            />
          ) : (
            <Callout>Die gewählte Vorlage hat kein Inhaltsschema.</Callout>
          )}
        </>
      ),
    },
    {
      id: 'downloads',
      title: 'Downloads',
      panel: !isNew && <DownloadsTab relation="Newsletter" relationId={Number(id)} />,
      disabled: isNew,
    },
  ];
  const aktionen = (
    <>
      <Button icon="eye-open" disabled={isNew} onClick={() => setVorschau(true)}>
        Vorschau
      </Button>
      <Button icon="send-message" onClick={() => void versandAnlegen()}>
        Versand planen
      </Button>
    </>
  );
  return (
    <EditFrame
      title={isNew ? 'Newsletter: Neuer Eintrag' : `Newsletter: ${String(record.titel ?? id)}`}
      loading={edit.loading}
      notFound={edit.notFound}
      onBack={edit.close}
      footer={<SaveButtons edit={edit} />}
      actions={aktionen}
    >
      <TabFrame tabs={tabs} route={`${config.path}/${id}`} />
      {vorschau && <Vorschau newsletterId={Number(id)} onClose={() => setVorschau(false)} />}
    </EditFrame>
  );
}
