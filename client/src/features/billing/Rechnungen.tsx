/**
 * The invoices of a category object, or of one member there (spec 002 §2): number, date, member,
 * gross amount and storno links, with the PDF, the e-mail to the member and the correction
 * (storno invoice and re-opened copies, `modifyAll`); all of them at once as a ZIP archive or as
 * one PDF (`rw-rechnung/multiple`, previewed by `simulateRenderMultiple` before the download).
 */
import { AnchorButton, Button } from '@blueprintjs/core';
import { useState } from 'react';
import { enumLabels, fieldLabel } from '../../../../common/vocabulary';
import { RelatedTable } from '../../components/RelatedTable';
import type { ColumnDef, Row } from '../../resources/types';
import { objektWhere, type AbrechnungsArt } from './abrechnung';
import { aktion } from './aktion';
import { ZeilenAktion } from './ZeilenAktion';
import { confirm } from '../../lib/dialogs';
import { errorMessage } from '../../lib/errors';
import { showErrorToast } from '../../lib/toaster';
import {
  rechnungKorrigieren,
  rechnungPdfUrl,
  xrechnungUrl,
  rechnungPerEmail,
  sammelUrl,
  sammelVorschau,
  type SammelArt,
  type Sammelvorschau,
} from './api';
import { BezahltDialog } from './BezahltDialog';
import { Zahlungsverlauf } from './Zahlungsverlauf';

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
  {
    field: 'zahlstatus',
    label: label('zahlstatus'),
    type: 'enum',
    enumLabels: enumLabels('rw-rechnung', 'zahlstatus'),
  },
];

type Offen = { art: 'bezahlt' | 'zahlungen'; id: number; nummer: string };

const SAMMEL_TEXT: Record<SammelArt, string> = { zip: 'als ZIP-Archiv', pdf: 'als ein PDF' };

/** Asks the server what the download would hold, lets staff confirm it, then starts it. */
async function sammelDownload(art: SammelArt, where: Row) {
  let vorschau: Sammelvorschau;
  try {
    vorschau = await sammelVorschau(art, where);
  } catch (error) {
    showErrorToast(errorMessage(error));
    return;
  }
  const nummern =
    vorschau.rechnungs_nr.join(', ') + (vorschau.weitere ? ` und ${vorschau.weitere} weitere` : '');
  const anzahl = `${vorschau.anzahl} ${vorschau.anzahl === 1 ? 'Rechnung' : 'Rechnungen'}`;
  if (await confirm(`${anzahl} ${SAMMEL_TEXT[art]} herunterladen (${nummern})?`))
    window.location.assign(sammelUrl(art, where));
}

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
  const [offen, setOffen] = useState<Offen>();
  const schliessen = () => setOffen(undefined);
  return (
    <>
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
        bar={
          <>
            <Button icon="compressed" text="Alle als ZIP" onClick={() => void sammelDownload('zip', where)} />
            <Button
              icon="document"
              text="Alle als ein PDF"
              onClick={() => void sammelDownload('pdf', where)}
            />
          </>
        }
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
            <AnchorButton
              small
              variant="minimal"
              icon="code"
              aria-label="XRechnung"
              title="XRechnung (XML)"
              href={xrechnungUrl(Number(r.id))}
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
              icon="bank-account"
              name="Zahlungen"
              onClick={() => setOffen({ art: 'zahlungen', id: Number(r.id), nummer: String(r.rechnungs_nr) })}
            />
            <ZeilenAktion
              icon="tick-circle"
              name="Als bezahlt markieren"
              // The server refuses it for stornos, cancelled and paid invoices (domain/zahlung.ts).
              disabled={r.zahlstatus == null || r.zahlstatus === 'bezahlt'}
              onClick={() => setOffen({ art: 'bezahlt', id: Number(r.id), nummer: String(r.rechnungs_nr) })}
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
      {offen?.art === 'bezahlt' && <BezahltDialog id={offen.id} nummer={offen.nummer} close={schliessen} />}
      {offen?.art === 'zahlungen' && (
        <Zahlungsverlauf id={offen.id} nummer={offen.nummer} close={schliessen} />
      )}
    </>
  );
}
