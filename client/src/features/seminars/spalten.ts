/** List columns the seminar side shows in more than one place. */
import type { ColumnDef } from '../../resources/types';

/** Events, in the Veranstaltungen list and in a seminar's Veranstaltungen tab. */
export const EVENT_SPALTEN: ColumnDef[] = [
  { field: 'titel' },
  { field: 'datum', type: 'date' },
  { field: 'beginn' },
  { field: 'ende' },
  { field: 'veranstaltung_ort_id' },
  { field: 'einzeln_buchbar', type: 'boolean' },
  { field: 'teilnehmer_count', type: 'number' },
];
