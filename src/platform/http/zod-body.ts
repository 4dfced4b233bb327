/**
 * Request bodies of the hand-written controllers, checked by one zod schema each (issue 27): a
 * bad body is the house 400 (`DomainError.fields`, code INVALID_FIELDS) with one German sentence
 * naming every bad field by its label, and `errors` keyed by the field's path for forms. The
 * generic resources keep their metadata-driven checks (resource-writer.ts).
 */
import { Body, type PipeTransform } from '@nestjs/common';
import { z } from 'zod';
import { associationLabel, fieldLabel } from '../../../common/vocabulary';
import { DomainError } from '../../shared/domain-error';

export interface Beschriftung {
  /** The resource whose vocabulary labels the fields (common/vocabulary.ts). */
  resource?: string;
  /** Labels of fields the vocabulary does not know, or that the body names otherwise. */
  labels?: Record<string, string>;
  /** What the body as a whole is called, for a body that is a list or of the wrong type. */
  ganzes?: string;
  /** One field of the body instead of all of it (the JSON part of a multipart form). */
  feld?: string;
}

const zahl = (n: number | bigint) => n.toLocaleString('de-DE');

const ERWARTET: Record<string, string> = {
  number: 'muss eine Zahl sein',
  int: 'muss eine ganze Zahl sein',
  string: 'muss ein Text sein',
  boolean: 'muss ja oder nein sein',
  array: 'muss eine Liste sein',
  object: 'muss aus Feldern mit Werten bestehen',
  record: 'muss aus Feldern mit Werten bestehen',
  date: 'muss ein Datum sein',
};

const FORMAT: Record<string, string> = {
  date: 'muss ein Datum (JJJJ-MM-TT) sein',
  datetime: 'muss ein Zeitpunkt sein',
  email: 'muss eine E-Mail-Adresse sein',
};

function groesse(origin: string, grenze: number | bigint, unten: boolean, inklusive: boolean): string {
  if (origin === 'string')
    return unten && grenze === 1
      ? 'darf nicht leer sein'
      : `${unten ? 'muss mindestens' : 'darf höchstens'} ${zahl(grenze)} Zeichen lang sein`;
  if (origin === 'array' || origin === 'set')
    return unten && grenze === 1
      ? 'darf nicht leer sein'
      : `${unten ? 'muss mindestens' : 'darf höchstens'} ${zahl(grenze)} Einträge haben`;
  if (!inklusive) return `muss ${unten ? 'größer' : 'kleiner'} als ${zahl(grenze)} sein`;
  return unten ? `muss mindestens ${zahl(grenze)} sein` : `darf höchstens ${zahl(grenze)} sein`;
}

/**
 * Zod's issues in German, as the end of a sentence that starts with the field's label. A schema's
 * own message (`{ error: '…' }`) wins over these.
 */
export const deutsch: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? 'fehlt' : (ERWARTET[issue.expected] ?? 'hat ein ungültiges Format');
    case 'too_small':
      return groesse(issue.origin, issue.minimum, true, issue.inclusive !== false);
    case 'too_big':
      return groesse(issue.origin, issue.maximum, false, issue.inclusive !== false);
    case 'invalid_value':
      return 'hat einen unzulässigen Wert';
    case 'invalid_format':
      return FORMAT[issue.format] ?? 'hat ein ungültiges Format';
    default:
      return 'ist ungültig';
  }
};

/**
 * The German label of one field of a body: the body's own labels, else the vocabulary's of its
 * resource. Undefined when neither knows it (every schema's fields have one: zod-body.testing.ts).
 */
export function feldLabel(feld: string, beschriftung: Beschriftung): string | undefined {
  const { labels, resource } = beschriftung;
  return (
    labels?.[feld] ??
    (resource === undefined ? undefined : (fieldLabel(resource, feld) ?? associationLabel(resource, feld)))
  );
}

/** The field's name for staff: labelled segments, list entries counted from 1. */
function feldname(pfad: string, beschriftung: Beschriftung): string {
  const ganzes = beschriftung.ganzes ?? 'Anfrage';
  if (pfad === '') return ganzes;
  const teile = pfad.split('.').map((teil) => {
    if (/^\d+$/.test(teil)) return `Eintrag ${Number(teil) + 1}`;
    return feldLabel(teil, beschriftung) ?? teil;
  });
  // An entry of a body that is a list: "IDs › Eintrag 2".
  if (/^\d+$/.test(pfad.split('.')[0])) teile.unshift(ganzes);
  return teile.join(' › ');
}

/** `schema` applied to `wert`: the parsed value, or the German 400 naming each bad field (its first issue). */
export function pruefeKoerper<S extends z.ZodType>(
  schema: S,
  wert: unknown,
  beschriftung: Beschriftung = {},
): z.output<S> {
  const ergebnis = schema.safeParse(wert, { error: deutsch });
  if (ergebnis.success) return ergebnis.data;
  const fehler: Record<string, string> = {};
  for (const issue of ergebnis.error.issues) {
    const pfad = issue.path.map(String).join('.');
    fehler[pfad] ??= issue.message;
  }
  throw DomainError.fields(fehler, (pfad) => feldname(pfad, beschriftung));
}

export class ZodBodyPipe<S extends z.ZodType> implements PipeTransform<unknown, z.output<S>> {
  constructor(
    private readonly schema: S,
    private readonly beschriftung: Beschriftung = {},
  ) {}

  transform(wert: unknown): z.output<S> {
    return pruefeKoerper(this.schema, wert, this.beschriftung);
  }
}

/** `@ZodBody(schema, {resource})` in place of `@Body()`: the parameter is the schema's output. */
export function ZodBody(schema: z.ZodType, beschriftung: Beschriftung = {}): ParameterDecorator {
  const pipe = new ZodBodyPipe(schema, beschriftung);
  return beschriftung.feld === undefined ? Body(pipe) : Body(beschriftung.feld, pipe);
}

const ID = /^[1-9]\d{0,14}$/;

/**
 * A record's id: a positive whole number, also as digits in a string (form values, ids read from
 * a CSV file), as `parseId` takes it from a path. `fehlt` says what a missing one means.
 */
export function idFeld(fehlt = 'fehlt') {
  return z
    .custom<number | string>(
      (wert) => (typeof wert === 'number' || typeof wert === 'string') && ID.test(String(wert)),
      { error: (issue) => (issue.input === undefined ? fehlt : 'muss eine gültige ID sein') },
    )
    .transform(Number);
}

export const id = idFeld();

/** A body that is a list of ids, not empty (deleting several records at once). */
export const idListe = z.array(id).min(1);
export const ID_LISTE: Beschriftung = { ganzes: 'IDs' };
