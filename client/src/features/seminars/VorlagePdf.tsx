/**
 * The PDF of a stored PDF-Vorlage in its list row (`GET /node/api/pdf-vorlage/{id}/render`, a plain
 * link). An invitation template is no document of its own (spec 003 §4): its button stays disabled,
 * as the server refuses it too; so does that of an entry without seminars, which has nothing to print.
 */
import { AnchorButton } from '@blueprintjs/core';
import { EINLADUNGS_VORLAGE } from '../../../../common/seminar';
import { buildUrl, resourcePath } from '../../lib/api';
import type { Row } from '../../resources/types';

/** Why the row has no PDF, or null when it has one. */
function gesperrt(row: Row): string | null {
  if (row.typ === EINLADUNGS_VORLAGE)
    return `Eine ${EINLADUNGS_VORLAGE} kann nicht selbst erzeugt werden; sie dient den Seminaren als Vorlage.`;
  const seminare = (row.data as Row | null)?.veranstaltung_ids;
  if (!Array.isArray(seminare) || seminare.length === 0) return 'Für ein PDF sind keine Seminare gewählt.';
  return null;
}

export function VorlagePdf({ row }: { row: Row }) {
  const grund = gesperrt(row);
  return (
    <AnchorButton
      icon="document"
      aria-label="PDF erzeugen"
      title={grund ?? 'PDF erzeugen'}
      disabled={grund !== null}
      href={grund ? undefined : buildUrl(`${resourcePath('pdf-vorlage', row.id as number)}/render`)}
    />
  );
}
