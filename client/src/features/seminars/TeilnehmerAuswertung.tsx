/**
 * The action 'Teilnehmer-Auswertung (CSV)' of the seminar billing list, for verband 2 only (spec 003
 * §6, §7): a plain GET link with the list's filter, so the browser downloads the server's file.
 */
import { AnchorButton } from '@blueprintjs/core';
import { useUser } from '../../app/session';
import { buildUrl } from '../../lib/api';

export function TeilnehmerAuswertung({ where, search }: { where?: unknown; search?: string }) {
  const { verband } = useUser();
  if (verband !== 2) return null;
  return (
    <AnchorButton
      icon="th-derived"
      text="Teilnehmer-Auswertung (CSV)"
      href={buildUrl('/api/veranstaltung/teilnehmer-auswertung', { where, search })}
      download="Teilnehmer-Auswertung.csv"
    />
  );
}
