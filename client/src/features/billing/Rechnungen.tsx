/**
 * The invoices of a category object, or of one member there (spec 002 §2): number, date, member,
 * gross amount and storno links, with the PDF, the e-mail to the member and the correction
 * (storno invoice and re-opened copies, `modifyAll`).
 */
import { AnchorButton } from '@blueprintjs/core';
import { enumLabels, fieldLabel } from '../../../../common/vocabulary';
import { RelatedTable } from '../../components/RelatedTable';
import type { ColumnDef, Row } from '../../resources/types';
import { objektWhere, type AbrechnungsArt } from './abrechnung';
import { aktion } from './aktion';
import { ZeilenAktion } from './ZeilenAktion';
import { rechnungKorrigieren, rechnungPdfUrl, rechnungPerEmail } from './api';

const label = (field: string) => fieldLabel('rw-rechnung', field) ?? field;

const SPALTEN: ColumnDef[] = [
  { field: 'rechnungs_nr', label: label('rechnungs_nr') },
  { field: 'createdAt', label: label('createdAt'), type: 'datetime' },
  { field: 'Benutzer.anzeigename', label: label('benutzer_id') },
  { field: 'betrag', label: label('betrag'), type: 'amount' },
  { field: 'Storno.rechnungs_nr', label: label('storno_id') },
  { field: 'Storno_Parent.rechnungs_nr', label: label('storno_parent_id') },
  {
    field: 'bezahloption_typ',
    label: label('bezahloption_typ'),
    type: 'enum',
    enumLabels: enumLabels('rw-rechnung', 'bezahloption_typ'),
  },
];

export function Rechnungen({
  art,
  id,
  benutzerId,
}: {
  art: AbrechnungsArt;
  id: number;
  benutzerId?: number;
}) {
  const where = { ...objektWhere(art, id), ...(benutzerId === undefined ? {} : { benutzer_id: benutzerId }) };
  return (
    <RelatedTable
      resource="rw-rechnung"
      query={{
        where,
        include: [
          { association: 'Benutzer', attributes: ['id', 'anzeigename'] },
          { association: 'Storno', attributes: ['id', 'rechnungs_nr'] },
          { association: 'Storno_Parent', attributes: ['id', 'rechnungs_nr'] },
        ],
        order: [['id', 'ASC']],
        limit: 1000,
      }}
      columns={SPALTEN}
      actions={(r: Row) => (
        <>
          <AnchorButton
            small
            variant="minimal"
            icon="document"
            aria-label="PDF"
            title="PDF"
            href={rechnungPdfUrl(Number(r.id))}
            target="_blank"
          />
          <ZeilenAktion
            icon="envelope"
            name="Email"
            onClick={() =>
              void aktion(
                'Wollen Sie diese Rechnung wirklich per Email an das Mitglied versenden?',
                () => rechnungPerEmail(Number(r.id)),
                'Email erfolgreich versendet',
              )
            }
          />
          <ZeilenAktion
            icon="undo"
            name="Stornieren und neu abrechnen"
            // Spec 002 §4: a storno invoice, or one that has a storno, cannot be cancelled again.
            disabled={r.storno_id != null || r.storno_parent_id != null}
            onClick={() =>
              void aktion(
                `Wollen Sie die Rechnung ${String(r.rechnungs_nr)} wirklich stornieren? Es wird eine Storno-Rechnung erstellt, die Vorgänge werden storniert und als neue offene Vorgänge wieder angelegt.`,
                () => rechnungKorrigieren(Number(r.id)),
                'Rechnung storniert',
              )
            }
          />
        </>
      )}
    />
  );
}
