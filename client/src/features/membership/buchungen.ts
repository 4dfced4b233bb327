/**
 * The booking overviews of a user (spec 000 §2, §3): current transactions (scope `aktuell`, see
 * common/vorgang.ts), as booking person or, grouped per booking user, as participant.
 */
import { TIME_ZONE } from '../../lib/format';
import { inVocabulary } from '../../resources/meta';
import type { ColumnDef, Row } from '../../resources/types';

export type BuchungsVariante = 'benutzer' | 'teilnehmer';

export const BUCHUNGS_SPALTEN: ColumnDef[] = inVocabulary('rw-transaction', [
  { field: 'buchung_datum', label: 'Buchungsdatum', type: 'date' },
  { field: 'titel', label: 'Titel' },
  { field: 'objekt', label: 'Veranstaltung/Abo' },
  { field: 'betrag', label: 'Betrag', type: 'amount' },
  { field: 'category', label: 'Kategorie' },
]);

export function buchungsQuery(variante: BuchungsVariante, id: number) {
  const include: unknown[] = [
    { association: 'Veranstaltung', attributes: ['id', 'titel', 'beginn'] },
    { association: 'WB_Abo', attributes: ['id', 'titel'] },
  ];
  if (variante === 'teilnehmer') {
    include.push({ association: 'Benutzer', attributes: ['id', 'anzeigename', 'kennnummer'] });
  }
  return {
    where: { [variante === 'benutzer' ? 'benutzer_id' : 'teilnehmer_id']: id },
    scope: 'aktuell',
    include,
  };
}

const berlinDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Adds the Berlin booking day and the seminar or abo title as plain columns. */
export function buchungsZeile(t: Row): Row {
  const time = t.buchung_time ? new Date(String(t.buchung_time)) : null;
  const veranstaltung = t.Veranstaltung as Row | null | undefined;
  const abo = t.WB_Abo as Row | null | undefined;
  return {
    ...t,
    buchung_datum: time && !Number.isNaN(time.getTime()) ? berlinDay.format(time) : null,
    objekt: veranstaltung?.titel ?? abo?.titel ?? null,
  };
}

/** 'Zur Abrechung' (spec 000 §2): the seminar or abo billing of the booking user, if any. */
export function abrechnungsPfad(t: Row): string | null {
  if (t.veranstaltung_id) return `/rw/seminar-abrechnung/${t.veranstaltung_id}/${t.benutzer_id}`;
  if (t.wb_abo_id) return `/rw/abo-abrechnung/${t.wb_abo_id}/${t.benutzer_id}`;
  return null;
}

export interface BucherGruppe {
  benutzerId: number | null;
  name: string;
  rows: Row[];
}

/** Participant variant: one group per booking user, in the order they first appear. */
export function nachBucher(rows: Row[]): BucherGruppe[] {
  const groups = new Map<number | null, BucherGruppe>();
  for (const row of rows) {
    const id = (row.benutzer_id as number | null) ?? null;
    const bucher = row.Benutzer as Row | null | undefined;
    let group = groups.get(id);
    if (!group) {
      const name = bucher ? String(bucher.anzeigename || `#${id}`) : 'ohne Bucher';
      group = { benutzerId: id, name, rows: [] };
      groups.set(id, group);
    }
    group.rows.push(row);
  }
  return [...groups.values()];
}
