/** The action in a row of the Gastanmeldungen list (issue 28); one taken over offers it no more. */
import { istUebernommen } from '../../../../common/gastanmeldung';
import { openDialog } from '../../lib/dialogs';
import type { Row } from '../../resources/types';
import { ZeilenAktion } from './ZeilenAktion';

export function GastUebernahmeAktion({ row }: { row: Row }) {
  return (
    <ZeilenAktion
      name="Als Benutzer übernehmen"
      icon="new-person"
      disabled={istUebernommen({ status: row.status, benutzer_id: row.benutzer_id })}
      onClick={() => void openDialog('GastUebernahme', { gast: row })}
    />
  );
}
