/**
 * The save rules of a newsletter template (spec 002 §3, §5, §9): the content scheme must be of
 * the scheme grammar (stored parsed), the automation's send time fields follow the auto send
 * rules, and its automatic send and exclusion groups exclude each other.
 */
import {
  autoVersandFehler,
  gruppenInBeiden,
  leseContentScheme,
  type AutoVersand,
} from '../../../common/newsletter';
import { DomainError } from '../../shared/domain-error';

type Row = Record<string, unknown>;

const ids = (wert: unknown): number[] =>
  Array.isArray(wert)
    ? wert.map((eintrag) => Number(typeof eintrag === 'object' ? (eintrag as Row)?.id : eintrag))
    : [];

/** The automation's group lists, as ids. */
export function autoGruppen(data: Row | null | undefined): { versand: number[]; ausschluss: number[] } {
  return { versand: ids(data?.versand_gruppen), ausschluss: ids(data?.ausschluss_gruppen) };
}

/** Checks `values` (the fields of a save) and answers them as stored; throws German field errors. */
export function vorlageSpeichern(values: Row, vorhandeneGruppen: Set<number>): Row {
  const fehler: Record<string, string> = {};
  const neu: Row = {};
  if (values.json_content_scheme !== undefined && values.json_content_scheme !== null) {
    const scheme = leseContentScheme(values.json_content_scheme);
    if (scheme.ok)
      neu.json_content_scheme =
        typeof values.json_content_scheme === 'string'
          ? JSON.parse(values.json_content_scheme)
          : values.json_content_scheme;
    else fehler.json_content_scheme = scheme.fehler;
  }
  if (values.data !== undefined && values.data !== null) {
    if (typeof values.data !== 'object' || Array.isArray(values.data)) fehler.data = 'muss ein Objekt sein';
    else {
      const data = values.data as Row;
      Object.assign(fehler, autoVersandFehler(data as AutoVersand));
      const { versand, ausschluss } = autoGruppen(data);
      const unbekannt = [...versand, ...ausschluss].filter((id) => !vorhandeneGruppen.has(id));
      if (unbekannt.length)
        fehler['data.versand_gruppen'] = `enthält unbekannte Gruppen (${unbekannt.join(', ')})`;
      const beide = gruppenInBeiden(versand, ausschluss);
      if (beide.length)
        fehler['data.ausschluss_gruppen'] =
          `enthält Gruppen, die schon Versand-Gruppen sind (${beide.join(', ')})`;
    }
  }
  if (Object.keys(fehler).length) throw DomainError.fields(fehler);
  return neu;
}
