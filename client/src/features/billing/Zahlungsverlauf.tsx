/** The payment history of an invoice (issue 28): what came in, went back, was netted or refunded. */
import { Button, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { enumLabels } from '../../../../common/vocabulary';
import { RelatedTable } from '../../components/RelatedTable';
import type { ColumnDef } from '../../resources/types';

const RESOURCE = 'rw-zahlung';

const SPALTEN: ColumnDef[] = [
  { field: 'datum', type: 'date' },
  { field: 'betrag', type: 'amount' },
  { field: 'art', type: 'enum', enumLabels: enumLabels(RESOURCE, 'art') },
  { field: 'quelle', type: 'enum', enumLabels: enumLabels(RESOURCE, 'quelle') },
  { field: 'gebuehr', type: 'amount' },
  { field: 'rueckgabegrund' },
  { field: 'bank_referenz' },
  { field: 'admin_name' },
];

export function Zahlungsverlauf({ id, nummer, close }: { id: number; nummer: string; close(): void }) {
  return (
    <Dialog isOpen title={`Zahlungen zur Rechnung ${nummer}`} onClose={close} style={{ width: 900 }}>
      <DialogBody>
        <RelatedTable
          resource={RESOURCE}
          query={{ where: { rw_rechnung_id: id }, order: [['id', 'ASC']] }}
          columns={SPALTEN}
        />
      </DialogBody>
      <DialogFooter actions={<Button text="Schließen" onClick={close} />} />
    </Dialog>
  );
}
