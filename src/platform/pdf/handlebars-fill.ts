/**
 * Handlebars as the templates use it: strict (a field the data does not have is an error, not an
 * empty gap on a certificate), no HTML escaping (the output is PDF text), and a few German
 * formatting helpers. Every failure becomes a 409 naming the template and the field.
 */
import Handlebars from 'handlebars';
import { deutscherTag, deutschesDatum } from '../../../common/kalender';
import { DomainError } from '../../shared/domain-error';

const hb = Handlebars.create();

const zahl = (stellen: number) =>
  new Intl.NumberFormat('de-DE', { minimumFractionDigits: stellen, maximumFractionDigits: stellen });

/** `{{datum x}}`: an ISO date or date-time as DD.MM.YYYY (Berlin); empty for none. */
hb.registerHelper('datum', (wert: unknown) => {
  if (wert == null || wert === '') return '';
  const text = String(wert);
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return deutscherTag(text);
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? text : deutschesDatum(date);
});
/** `{{zahl x}}` with two decimals, German: 7,50. */
hb.registerHelper('zahl', (wert: unknown) =>
  wert == null || wert === '' ? '' : zahl(2).format(Number(wert)),
);
/** `{{euro x}}`: an amount in euros, German: 1.234,50 €. */
hb.registerHelper('euro', (wert: unknown) =>
  wert == null || wert === '' ? '' : `${zahl(2).format(Number(wert))} €`,
);

export class TemplateError extends DomainError {
  constructor(template: string, field: string, reason: string) {
    super(
      'VORLAGE_FEHLERHAFT',
      `Die Vorlage „${template}“ kann nicht gefüllt werden: Feld „${field}“ – ${reason}.`,
      'conflict',
    );
  }
}

/** The reason in German, from handlebars' English message. */
function grund(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const unbekannt = /"([^"]+)" not defined/.exec(message);
  if (unbekannt) return `„${unbekannt[1]}“ ist in den Daten nicht vorhanden`;
  const helper = /Missing helper: "([^"]+)"/.exec(message);
  if (helper) return `die Funktion „${helper[1]}“ gibt es nicht`;
  return `der Ausdruck ist fehlerhaft (${message.split('\n')[0]})`;
}

export type Fill = (data: object) => string;

/** A layout's place of an error: the line handlebars reports ("… - 3:5", "on line 3"). */
function zeile(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const treffer = / - (\d+):\d+/.exec(message) ?? /on line (\d+)/.exec(message);
  return treffer ? `Zeile ${treffer[1]}` : 'Text';
}

/** Compiled sources kept: a batch of 1 000 invoices compiles its template once, not 1 000 times. */
const COMPILED_SOURCES = 200;
const compiledSources = new Map<string, HandlebarsTemplateDelegate>();

/**
 * Compiles `source` at once, so a syntax error shows before anything is drawn. `field` names the
 * place in the template (a form field's name); without it, the line of a layout.
 */
export function compileFill(source: string, template: string, field?: string): Fill {
  let compiled = compiledSources.get(source);
  if (!compiled) {
    try {
      compiled = hb.compile(source, { strict: true, noEscape: true });
      // Parsing is lazy in handlebars: force it here.
      hb.precompile(source, { strict: true });
    } catch (error) {
      throw new TemplateError(template, field ?? zeile(error), grund(error));
    }
    if (compiledSources.size >= COMPILED_SOURCES)
      compiledSources.delete(compiledSources.keys().next().value!);
    compiledSources.set(source, compiled);
  }
  const fill = compiled;
  return (data) => {
    try {
      return fill(data);
    } catch (error) {
      throw new TemplateError(template, field ?? zeile(error), grund(error));
    }
  };
}

/** Whether a text is a handlebars expression rather than a plain value. */
export const isExpression = (text: string | undefined | null): text is string =>
  typeof text === 'string' && text.includes('{{');
