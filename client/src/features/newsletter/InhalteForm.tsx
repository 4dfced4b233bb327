/**
 * The Inhalte tab (spec 002 §2, §3): a form generated from the template's content scheme, one
 * input per field type, HTML fields as rich text with the scheme's height, and lists whose items
 * can be added, removed and moved; what it edits is the newsletter's json_content.
 */
import { Button, ButtonGroup, Callout, Card, FormGroup, H6, Intent } from '@blueprintjs/core';
import { Suspense } from 'react';
import {
  feldBeschriftung,
  leererEintrag,
  type FeldTyp,
  type SchemeFeld,
} from '../../../../common/newsletter';
import { Field } from '../../components/FieldForm';
import { lazyScreen } from '../../lib/lazy';
import type { FieldType, Row } from '../../resources/types';

const RichTextEditor = lazyScreen(() => import('../../components/inputs/RichTextEditor'), 'RichTextEditor');

const EINGABE: Record<Exclude<FeldTyp, 'HTML'>, FieldType> = {
  String: 'text',
  Number: 'number',
  Boolean: 'boolean',
  Date: 'date',
  Time: 'time',
};

/** The list with the item at `i` moved by `um` places. */
export function verschieben<T>(liste: T[], i: number, um: number): T[] {
  const ziel = i + um;
  if (ziel < 0 || ziel >= liste.length) return liste;
  const neu = [...liste];
  [neu[i], neu[ziel]] = [neu[ziel], neu[i]];
  return neu;
}

interface FelderProps {
  scheme: SchemeFeld[];
  wert: Row;
  onChange(wert: Row): void;
  /** Prefix of the inputs' ids, unique per list item. */
  pfad: string;
  readOnly?: boolean;
}

export function InhalteForm({ scheme, wert, onChange, pfad, readOnly }: FelderProps) {
  const setzen = (name: string, neu: unknown) => onChange({ ...wert, [name]: neu });
  return (
    <div className="newsletter-inhalte">
      {scheme.map((feld) => {
        const id = `${pfad}${feld.name}`;
        if ('liste' in feld)
          return (
            <Liste
              key={id}
              feld={feld}
              eintraege={Array.isArray(wert[feld.name]) ? (wert[feld.name] as Row[]) : []}
              onChange={(liste) => setzen(feld.name, liste)}
              pfad={id}
              readOnly={readOnly}
            />
          );
        if (feld.typ === 'HTML')
          return (
            <FormGroup key={id} label={feldBeschriftung(feld.name)}>
              <Suspense>
                <RichTextEditor
                  value={(wert[feld.name] as string | null) ?? ''}
                  onChange={(html: string) => setzen(feld.name, html)}
                  height={feld.hoehe}
                  readOnly={readOnly}
                />
              </Suspense>
            </FormGroup>
          );
        return (
          <Field
            key={id}
            field={{ name: id, label: feldBeschriftung(feld.name), type: EINGABE[feld.typ], readOnly }}
            record={{ [id]: wert[feld.name] ?? null }}
            onChange={(patch) => setzen(feld.name, patch[id])}
          />
        );
      })}
    </div>
  );
}

function Liste({
  feld,
  eintraege,
  onChange,
  pfad,
  readOnly,
}: {
  feld: Extract<SchemeFeld, { liste: SchemeFeld[] }>;
  eintraege: Row[];
  onChange(liste: Row[]): void;
  pfad: string;
  readOnly?: boolean;
}) {
  const name = feldBeschriftung(feld.name);
  return (
    <section className="newsletter-liste" aria-label={name}>
      <H6>{name}</H6>
      {eintraege.length === 0 && <Callout>Noch keine Einträge.</Callout>}
      {eintraege.map((eintrag, i) => (
        <Card key={i} className="newsletter-eintrag" role="group" aria-label={`${name} ${i + 1}`}>
          <div className="newsletter-eintrag-kopf">
            <span>
              {name} {i + 1}
            </span>
            {!readOnly && (
              <ButtonGroup variant="minimal">
                <Button
                  icon="arrow-up"
                  aria-label="Nach oben"
                  disabled={i === 0}
                  onClick={() => onChange(verschieben(eintraege, i, -1))}
                />
                <Button
                  icon="arrow-down"
                  aria-label="Nach unten"
                  disabled={i === eintraege.length - 1}
                  onClick={() => onChange(verschieben(eintraege, i, 1))}
                />
                <Button
                  icon="trash"
                  intent={Intent.DANGER}
                  aria-label="Eintrag entfernen"
                  onClick={() => onChange(eintraege.filter((_, j) => j !== i))}
                />
              </ButtonGroup>
            )}
          </div>
          <InhalteForm
            scheme={feld.liste}
            wert={eintrag}
            onChange={(neu) => onChange(eintraege.map((alt, j) => (j === i ? neu : alt)))}
            pfad={`${pfad}-${i}-`}
            readOnly={readOnly}
          />
        </Card>
      ))}
      {!readOnly && (
        <Button icon="add" onClick={() => onChange([...eintraege, leererEintrag(feld.liste)])}>
          Eintrag hinzufügen
        </Button>
      )}
    </section>
  );
}
