/**
 * Assigning a bank statement entry to an invoice by hand (issue 28): staff type the invoice number
 * they read in the entry; an unknown number is said in German before anything is sent, and so is
 * the server's refusal (a returned debit that does not fit the invoice, an entry done already).
 */
import { InputGroup, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import { api, resourcePath } from '../../lib/api';
import { invalidateResource } from '../../lib/hooks';
import { showToast } from '../../lib/toaster';
import type { Row } from '../../resources/types';
import { abrechnungGeaendert } from './api';
import { EinFeldDialog } from './EinFeldDialog';

export function ZuordnenDialog({
  titel,
  close,
  zuordnen,
}: {
  titel: string;
  close(): void;
  zuordnen(rechnungId: number): Promise<unknown>;
}) {
  const [nummer, setNummer] = useState('');

  return (
    <EinFeldDialog
      titel="Rechnung zuordnen"
      breite={520}
      kopf={<p>{titel}</p>}
      label="Rechnungsnummer"
      feldId="zuordnen-nummer"
      aktion={{ text: 'Zuordnen', intent: Intent.PRIMARY }}
      bereit={Boolean(nummer.trim())}
      senden={async () => {
        const [rechnung] = await api.get<Row[]>(resourcePath('rw-rechnung'), {
          where: { rechnungs_nr: nummer.trim() },
          attributes: ['id'],
          limit: 1,
        });
        if (!rechnung) throw new Error(`Es gibt keine Rechnung mit der Nummer „${nummer.trim()}“.`);
        await zuordnen(Number(rechnung.id));
        showToast('Der Umsatz wurde der Rechnung zugeordnet.');
        abrechnungGeaendert();
        invalidateResource('rw-kontoauszug-posten');
      }}
      close={close}
    >
      {(geaendert) => (
        <InputGroup
          id="zuordnen-nummer"
          value={nummer}
          autoFocus
          onValueChange={(wert) => {
            setNummer(wert);
            geaendert();
          }}
        />
      )}
    </EinFeldDialog>
  );
}
