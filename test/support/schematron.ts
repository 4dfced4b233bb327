/**
 * The EN 16931 business rules (CEN/TC 434's schematron for CII in ../shared/standards/einvoice,
 * issue 29) run on an invoice's XML. The compiled XSLT of that schematron is not among the standards,
 * so this evaluates the preprocessed schematron itself with saxon-js's XPath 3.1: per pattern, each
 * rule's context nodes (a node is matched by the first rule of its pattern only, as ISO Schematron
 * has it), each rule's `let`s bound, each `assert` tested. Answers the failed asserts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { standardsDir } from './standards';

/** The part of saxon-js's API used here (it ships no type declarations). */
interface SaxonNode {
  getAttribute(name: string): string;
  textContent: string;
}
interface SaxonJs {
  getResource(options: { text: string; type: 'xml' }): Promise<SaxonNode>;
  XPath: {
    evaluate(
      xpath: string,
      context: SaxonNode,
      options?: { namespaceContext?: Record<string, string>; resultForm?: 'array' },
    ): unknown;
  };
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const saxon = require('saxon-js') as SaxonJs;

export const EN16931_CII_SCHEMATRON = 'einvoice/schematron/EN16931-CII-validation-preprocessed.sch';

export interface Verstoss {
  id: string;
  flag: string;
  text: string;
}

const alle = (xpath: string, context: SaxonNode, namespaceContext?: Record<string, string>) =>
  saxon.XPath.evaluate(xpath, context, { namespaceContext, resultForm: 'array' }) as SaxonNode[];

/** A rule context is a match pattern: as a path from the root, each branch of a union. */
const kontextAusdruck = (context: string) =>
  context
    .split('|')
    .map((teil) => teil.trim())
    .map((teil) => (teil.startsWith('/') ? teil : `//${teil}`))
    .join(' | ');

let schema: Promise<SaxonNode> | undefined;

/** The failed asserts (fatal and warnings) of the EN 16931 rules for `xml`. */
export async function en16931Verstoesse(xml: string): Promise<Verstoss[]> {
  schema ??= saxon.getResource({
    text: readFileSync(join(standardsDir(), EN16931_CII_SCHEMATRON), 'utf8'),
    type: 'xml',
  });
  const sch = await schema;
  const dokument = await saxon.getResource({ text: xml, type: 'xml' });
  const ns = Object.fromEntries(
    alle('//*:ns', sch).map((n) => [n.getAttribute('prefix'), n.getAttribute('uri')]),
  );
  const verstoesse: Verstoss[] = [];
  for (const muster of alle('//*:pattern', sch)) {
    const gesehen = new Set<SaxonNode>();
    for (const regel of alle('*:rule', muster)) {
      const lets = alle('*:let', regel)
        .map((l) => `let $${l.getAttribute('name')} := ${l.getAttribute('value')} return `)
        .join('');
      const asserts = alle('*:assert', regel);
      for (const knoten of alle(kontextAusdruck(regel.getAttribute('context')), dokument, ns)) {
        if (gesehen.has(knoten)) continue;
        gesehen.add(knoten);
        for (const a of asserts) {
          const ok = saxon.XPath.evaluate(`${lets}boolean(${a.getAttribute('test')})`, knoten, {
            namespaceContext: ns,
          });
          if (!ok)
            verstoesse.push({
              id: a.getAttribute('id'),
              flag: a.getAttribute('flag'),
              text: a.textContent.trim(),
            });
        }
      }
    }
  }
  return verstoesse;
}
