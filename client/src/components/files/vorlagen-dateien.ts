/**
 * The choice of a record's template file (template_file) from its resource's file area: only the
 * files at the top, no subfolder paths (spec 001 §5). A stored name that is no longer there stays
 * selectable, marked, so that opening and saving a record never changes it unasked.
 */
import type { FieldOverride } from '../../resources/types';
import { useFiles } from './api';

/** `ohne` names the choice of no file (e.g. the shipped default the server then takes). */
export function useVorlagenDatei(resource: string, aktuell: unknown, ohne = ''): FieldOverride {
  const { data: dateien } = useFiles(resource, '');
  const namen = (dateien ?? []).filter((d) => !d.isDirectory).map((d) => d.name);
  const gespeichert = typeof aktuell === 'string' && aktuell !== '' && !namen.includes(aktuell);
  // Until the list has come, the stored name is shown as it is.
  const zusatz = dateien ? ' (Datei fehlt)' : '';
  return {
    name: 'template_file',
    type: 'select',
    options: [
      { value: null, label: ohne },
      ...(gespeichert ? [{ value: aktuell, label: `${aktuell}${zusatz}` }] : []),
      ...namen.map((n) => ({ value: n, label: n })),
    ],
  };
}
