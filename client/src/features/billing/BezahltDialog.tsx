/** Marking an invoice paid by hand, with the day it was paid (issue 28); the server audits it. */
import { InputGroup, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import { showToast } from '../../lib/toaster';
import { abrechnungGeaendert, rechnungBezahlt } from './api';
import { EinFeldDialog } from './EinFeldDialog';

const heute = () => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Berlin' }).format(new Date());

export function BezahltDialog({ id, nummer, close }: { id: number; nummer: string; close(): void }) {
  const [datum, setDatum] = useState(heute);

  return (
    <EinFeldDialog
      titel={`Rechnung ${nummer} als bezahlt markieren`}
      breite={420}
      label="Bezahlt am"
      feldId="bezahlt-datum"
      aktion={{ text: 'Bezahlt', intent: Intent.SUCCESS }}
      bereit={Boolean(datum)}
      senden={async () => {
        await rechnungBezahlt(id, datum);
        showToast(`Rechnung ${nummer} als bezahlt markiert`);
        abrechnungGeaendert();
      }}
      close={close}
    >
      {(geaendert) => (
        <InputGroup
          id="bezahlt-datum"
          type="date"
          value={datum}
          onValueChange={(wert) => {
            setDatum(wert);
            geaendert();
          }}
        />
      )}
    </EinFeldDialog>
  );
}
