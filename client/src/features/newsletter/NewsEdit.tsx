/**
 * The news window /website/news/{id} (spec 002 §2, §3, §5, §6): tab Grunddaten, tab Detailseite
 * only while the detail page is on, tab Dateien (Bild, Anhang, Sonstiges) once stored; the link
 * title is disabled and dropped without a link (as the server does on save); the colour themes
 * the staff user's association offers.
 */
import { farbschemata, newsLinkFolgt, standardFarbschema } from '../../../../common/newsletter';
import { enumLabel, fieldLabel } from '../../../../common/vocabulary';
import { useUser } from '../../app/session';
import { EditFrame, SaveButtons, TabFrame, useEditRecord } from '../../components/EditFrame';
import { Field, FieldForm } from '../../components/FieldForm';
import { editFields, newRecordDefaults, type ResourceMeta } from '../../resources/meta';
import type { EditProps, FieldDef, Row } from '../../resources/types';
import { alsDaten, mitDaten } from '../../resources/unterfelder';
import { DownloadsTab } from '../seminars/DownloadsTab';
import { MitMetadaten } from '../../components/MitMetadaten';

const RESOURCE = 'news';
const feld = (def: Omit<FieldDef, 'label'>): FieldDef => ({
  ...def,
  label: fieldLabel(RESOURCE, def.name) ?? def.name,
});

export function NewsEdit({ config, id }: EditProps) {
  return (
    <MitMetadaten
      resource={config.resource}
      render={(meta) => <NewsFenster config={config} id={id} meta={meta} />}
    />
  );
}

function NewsFenster({ config, id, meta }: EditProps & { meta: ResourceMeta }) {
  const { verband } = useUser();
  const themen = farbschemata(verband);
  const thema = standardFarbschema(verband);
  const edit = useEditRecord<Row>({
    resource: config.resource,
    listPath: config.path,
    id,
    defaults: { ...newRecordDefaults(meta, config), ...(thema ? { data: { theme: thema } } : {}) },
  });
  const { record, isNew, change, errors } = edit;
  const data = (record.data ?? {}) as Row;
  const ansicht = mitDaten(record);
  const aendern = (patch: Row) => {
    const neu = alsDaten(record, patch);
    change(neu.data ? { ...neu, data: newsLinkFolgt(neu.data as Row) } : neu);
  };
  const ohneLink = !(typeof data.link === 'string' && data.link.trim());
  const datenFelder = (defs: FieldDef[]) => (
    <div className="field-form">
      {defs.map((def) => (
        <Field key={def.name} field={def} record={ansicht} onChange={aendern} error={errors[def.name]} />
      ))}
    </div>
  );
  const tabs = [
    {
      id: 'grunddaten',
      title: 'Grunddaten',
      panel: (
        <div className="form-columns">
          <section>
            <FieldForm
              fields={editFields(meta, ['typ', 'titel', 'aktiv', 'von', 'bis', 'verband_website_id'])}
              record={record}
              onChange={change}
              errors={errors}
            />
          </section>
          <section>
            {datenFelder([
              feld({ name: 'data.detail_page', type: 'boolean' }),
              feld({ name: 'data.link', type: 'text' }),
              feld({ name: 'data.link_titel', type: 'text', readOnly: ohneLink }),
              feld({ name: 'data.preview_image', type: 'text' }),
              ...(themen.length
                ? [
                    feld({
                      name: 'data.theme',
                      type: 'select',
                      options: themen.map((value) => ({
                        value,
                        label: enumLabel(RESOURCE, 'data.theme', value),
                      })),
                    }),
                  ]
                : []),
              feld({ name: 'data.description', type: 'textarea' }),
            ])}
          </section>
        </div>
      ),
    },
    {
      id: 'detailseite',
      title: 'Detailseite',
      disabled: !data.detail_page,
      panel: datenFelder([
        feld({ name: 'data.teaser_image', type: 'text' }),
        feld({ name: 'data.content', type: 'richtext' }),
      ]),
    },
    {
      id: 'dateien',
      title: 'Dateien',
      disabled: isNew,
      panel: !isNew && <DownloadsTab relation="News" relationId={Number(id)} />,
    },
  ];
  return (
    <EditFrame
      title={isNew ? 'News: Neuer Eintrag' : `News: ${String(record.titel ?? id)}`}
      loading={edit.loading}
      notFound={edit.notFound}
      onBack={edit.close}
      footer={<SaveButtons edit={edit} />}
    >
      <TabFrame tabs={tabs} route={`${config.path}/${id}`} />
    </EditFrame>
  );
}
