/**
 * The website window /website/websites/{id} (spec 002 §2, §3): website, sonstiges, the sender of
 * its newsletters and the certificate template kept in its data.
 */
import { fieldLabel } from '../../../../common/vocabulary';
import { EditFrame, SaveButtons, useEditRecord } from '../../components/EditFrame';
import { Field, FieldForm } from '../../components/FieldForm';
import { editFields, newRecordDefaults, type ResourceMeta } from '../../resources/meta';
import type { EditProps, Row } from '../../resources/types';
import { alsDaten, mitDaten } from '../../resources/unterfelder';
import { MitMetadaten } from '../../components/MitMetadaten';

const VORLAGE = 'data.seminar_bescheinigung_template';

export function WebsiteEdit({ config, id }: EditProps) {
  return (
    <MitMetadaten
      resource={config.resource}
      render={(meta) => <WebsiteFenster config={config} id={id} meta={meta} />}
    />
  );
}

function WebsiteFenster({ config, id, meta }: EditProps & { meta: ResourceMeta }) {
  const edit = useEditRecord<Row>({
    resource: config.resource,
    listPath: config.path,
    id,
    defaults: newRecordDefaults(meta, config),
  });
  const { record, isNew, change, errors } = edit;
  return (
    <EditFrame
      title={isNew ? 'Webseite: Neuer Eintrag' : `Webseite: ${String(record.website ?? id)}`}
      loading={edit.loading}
      notFound={edit.notFound}
      onBack={edit.close}
      footer={<SaveButtons edit={edit} />}
    >
      <FieldForm
        fields={editFields(meta, ['website', 'sonstiges', 'newsletter_absender_id'])}
        record={record}
        onChange={change}
        errors={errors}
      />
      <div className="field-form">
        <Field
          field={{ name: VORLAGE, label: fieldLabel(config.resource, VORLAGE) ?? VORLAGE, type: 'text' }}
          record={mitDaten(record)}
          onChange={(patch) => change(alsDaten(record, patch))}
          error={errors[VORLAGE]}
        />
      </div>
    </EditFrame>
  );
}
