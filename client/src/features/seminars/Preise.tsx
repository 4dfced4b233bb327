/**
 * The price rows of a seminar or event (spec 001 §4–§5, §9): description and amount side by side,
 * rows 3 to 6 appearing once the previous description is set, an amount only with a description
 * (0 counts), clearing a description clearing its price (common/seminar.ts), suggestions from the
 * Preisbezeichnung list, and the additional description.
 */
import { FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { preisEingebbar, preiseUndMarkeFolgt, sichtbarePreisstufen } from '../../../../common/seminar';
import { fieldLabel } from '../../../../common/vocabulary';
import { Field } from '../../components/FieldForm';
import { resourcePath } from '../../lib/api';
import { useApi } from '../../lib/hooks';
import type { Row } from '../../resources/types';

const LISTE = 'preisbezeichnungen';

export function Preise({
  resource,
  record,
  change,
  errors,
}: {
  resource: string;
  record: Row;
  change(patch: Row): void;
  errors: Record<string, string>;
}) {
  const { data: bezeichnungen } = useApi<Row[]>(resourcePath('preisbezeichnung'), {
    attributes: ['id', 'titel'],
    order: [['titel', 'ASC']],
  });
  const aendern = (patch: Row) => change(preiseUndMarkeFolgt(record, patch));
  return (
    <div className="preise">
      <datalist id={LISTE}>
        {(bezeichnungen ?? []).map((row) => (
          <option key={row.id} value={String(row.titel)} />
        ))}
      </datalist>
      {sichtbarePreisstufen(record).map((n) => {
        const beschreibung = `preis${n}_beschreibung`;
        const preis = `preis${n}`;
        return (
          <div className="preis-zeile" key={n}>
            <FormGroup
              label={fieldLabel(resource, beschreibung)}
              labelFor={`field-${beschreibung}`}
              intent={errors[beschreibung] ? Intent.DANGER : undefined}
              helperText={errors[beschreibung]}
            >
              <InputGroup
                id={`field-${beschreibung}`}
                list={LISTE}
                value={String(record[beschreibung] ?? '')}
                onChange={(e) => aendern({ [beschreibung]: e.target.value })}
              />
            </FormGroup>
            <Field
              field={{
                name: preis,
                label: fieldLabel(resource, preis) ?? preis,
                type: 'amount',
                min: 0,
                readOnly: !preisEingebbar(record, n),
              }}
              record={record}
              onChange={aendern}
              error={errors[preis]}
            />
          </div>
        );
      })}
      <Field
        field={{
          name: 'zusatz_beschreibung',
          label: fieldLabel(resource, 'zusatz_beschreibung') ?? '',
          type: 'textarea',
        }}
        record={record}
        onChange={change}
        error={errors.zusatz_beschreibung}
      />
    </div>
  );
}
