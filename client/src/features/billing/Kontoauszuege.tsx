/**
 * Kontoauszüge (issue 28): upload a bank statement (camt.053.001.08); the server books what it can
 * match as payments. What does not match waits in the reconciliation list, where staff assign an
 * entry to an invoice by its number or mark it as not an invoice.
 */
import { Button, Card, FileInput, H4, H5, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import { enumLabels, fieldLabel } from '../../../../common/vocabulary';
import { RelatedTable } from '../../components/RelatedTable';
import { errorMessage } from '../../lib/errors';
import { showErrorToast, showToast } from '../../lib/toaster';
import type { ColumnDef, Row } from '../../resources/types';
import { aktion } from './aktion';
import { kontoauszugEinlesen, postenKeineRechnung, postenZuordnen, type Importergebnis } from './api';
import { ZeilenAktion } from './ZeilenAktion';
import { ZuordnenDialog } from './ZuordnenDialog';

const RESOURCE = 'rw-kontoauszug-posten';
const label = (feld: string) => fieldLabel(RESOURCE, feld) ?? feld;

const SPALTEN: ColumnDef[] = [
  { field: 'datum', label: label('datum'), type: 'date' },
  { field: 'betrag', label: label('betrag'), type: 'amount' },
  { field: 'gutschrift', label: label('gutschrift'), type: 'boolean' },
  { field: 'name', label: label('name') },
  { field: 'iban', label: label('iban') },
  { field: 'verwendungszweck', label: label('verwendungszweck') },
  { field: 'rueckgabegrund', label: label('rueckgabegrund') },
  { field: 'gebuehr', label: label('gebuehr'), type: 'amount' },
  { field: 'grund', label: label('grund') },
];

const ERLEDIGT: ColumnDef[] = [
  ...SPALTEN.slice(0, 4),
  {
    field: 'status',
    label: label('status'),
    type: 'enum',
    enumLabels: enumLabels(RESOURCE, 'status'),
  },
  { field: 'RW_Rechnung.rechnungs_nr', label: label('rw_rechnung_id') },
  { field: 'rw_abrechnung_id', label: label('rw_abrechnung_id') },
  ...SPALTEN.slice(5),
];

const ergebnisText = (e: Importergebnis) =>
  `${e.buchungen} Umsätze gelesen: ${e.zugeordnet} zugeordnet, ${e.offen} nicht zugeordnet` +
  (e.bekannt ? `, ${e.bekannt} bereits eingelesen (unverändert)` : '') +
  '.';

export function Kontoauszuege() {
  const [file, setFile] = useState<File>();
  const [busy, setBusy] = useState(false);
  const [ergebnis, setErgebnis] = useState<string>();
  const [zuordnen, setZuordnen] = useState<Row>();

  const einlesen = async () => {
    if (!file) return;
    setBusy(true);
    try {
      const e = await kontoauszugEinlesen(file);
      setErgebnis(ergebnisText(e));
      showToast('Kontoauszug eingelesen');
    } catch (error) {
      setErgebnis(undefined);
      showErrorToast(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card className="edit-frame kontoauszuege">
      <H4>Kontoauszüge</H4>
      <p>Kontoauszug im Format camt.053 (Version 001.08) einlesen:</p>
      <FileInput
        text={file?.name ?? 'Datei wählen…'}
        buttonText="Durchsuchen"
        inputProps={{ accept: '.xml,application/xml,text/xml', 'aria-label': 'Kontoauszugsdatei' }}
        onInputChange={(e) => setFile((e.target as HTMLInputElement).files?.[0])}
      />{' '}
      <Button
        intent={Intent.PRIMARY}
        icon="import"
        text="Einlesen"
        disabled={!file}
        loading={busy}
        onClick={() => void einlesen()}
      />
      {ergebnis && <p className="kontoauszug-ergebnis">{ergebnis}</p>}
      <H5>Nicht zugeordnet</H5>
      <RelatedTable
        resource={RESOURCE}
        query={{ where: { status: 'offen' }, order: [['id', 'ASC']], limit: 1000 }}
        columns={SPALTEN}
        actions={(r: Row) => (
          <>
            <ZeilenAktion icon="link" name="Rechnung zuordnen" onClick={() => setZuordnen(r)} />
            <ZeilenAktion
              icon="disable"
              name="Keine Rechnung"
              onClick={() =>
                void aktion(
                  'Ist dieser Umsatz keine Zahlung auf eine Rechnung?',
                  () => postenKeineRechnung(Number(r.id)),
                  'Als „keine Rechnung“ markiert',
                )
              }
            />
          </>
        )}
      />
      <H5>Erledigt</H5>
      <RelatedTable
        resource={RESOURCE}
        query={{
          where: { status: { $ne: 'offen' } },
          include: [{ association: 'RW_Rechnung', attributes: ['id', 'rechnungs_nr'] }],
          order: [['id', 'DESC']],
          limit: 200,
        }}
        columns={ERLEDIGT}
      />
      {zuordnen && (
        <ZuordnenDialog
          titel={`${String(zuordnen.name ?? 'Umsatz')} – ${String(zuordnen.verwendungszweck ?? '')}`}
          close={() => setZuordnen(undefined)}
          zuordnen={(rechnungId) => postenZuordnen(Number(zuordnen.id), rechnungId)}
        />
      )}
    </Card>
  );
}
