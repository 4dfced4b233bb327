/**
 * The booking overviews of a user (spec 000 §2): /benutzer/benutzer/{id}/rw lists the current
 * transactions the user booked; /teilnehmer-rw those the user takes part in, grouped per booking
 * user. Each line leads to its billing ('Zur Abrechung'); the overview exports as CSV.
 */
import { AnchorButton, Button, Card, H4, H5, HTMLTable, Spinner } from '@blueprintjs/core';
import { useState } from 'react';
import { href, navigate } from '../../app/router';
import { Amount } from '../../components/inputs/Amount';
import { exportCsv } from '../../lib/csv';
import { reportError } from '../../lib/errors';
import type { Row } from '../../resources/types';
import { cellText, csvRow } from '../../resources/values';
import { benutzerLabel } from './benutzer-felder';
import {
  abrechnungsPfad,
  BUCHUNGS_SPALTEN,
  buchungsZeile,
  nachBucher,
  type BuchungsVariante,
} from './buchungen';
import { useBenutzer, useBuchungen } from './api';

/** Transactions refresh like the other billing lists (spec 000 §9). */
const REFRESH_MS = 100000;

function BuchungsTabelle({ rows, loading = false }: { rows: Row[]; loading?: boolean }) {
  return (
    <HTMLTable compact striped className="related-table buchungen">
      <thead>
        <tr>
          {BUCHUNGS_SPALTEN.map((column) => (
            <th key={column.field}>{column.label}</th>
          ))}
          <th className="actions" />
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 ? (
          <tr>
            <td colSpan={BUCHUNGS_SPALTEN.length + 1} className="list-empty">
              {loading ? 'Daten werden geladen' : 'keine Daten vorhanden'}
            </td>
          </tr>
        ) : (
          rows.map((row) => {
            const target = abrechnungsPfad(row);
            return (
              <tr key={row.id}>
                {BUCHUNGS_SPALTEN.map((column) => (
                  <td key={column.field}>
                    {column.type === 'amount' ? (
                      <Amount value={row.betrag as number} />
                    ) : (
                      cellText(row, column)
                    )}
                  </td>
                ))}
                <td className="actions">
                  {target && (
                    <AnchorButton
                      small
                      variant="minimal"
                      icon="document-open"
                      text="Zur Abrechung"
                      href={href(target)}
                    />
                  )}
                </td>
              </tr>
            );
          })
        )}
      </tbody>
    </HTMLTable>
  );
}

export function BuchungsUebersicht({ id, variante }: { id: number; variante: BuchungsVariante }) {
  const { data: benutzer } = useBenutzer(id, {
    attributes: ['id', 'anzeigename', 'firma', 'titel', 'vorname', 'nachname'],
  });
  const { data, isLoading } = useBuchungen(variante, id, REFRESH_MS);
  const [exporting, setExporting] = useState(false);
  const rows = (data ?? []).map(buchungsZeile);
  const name = benutzer ? String(benutzer.anzeigename || benutzerLabel(benutzer)) : String(id);
  const groups = variante === 'teilnehmer' ? nachBucher(rows) : null;

  const exportieren = async () => {
    setExporting(true);
    try {
      const bucher = groups ? new Map(groups.flatMap((g) => g.rows.map((row) => [row.id, g.name]))) : null;
      await exportCsv(
        rows.map((row) => ({
          ...(bucher ? { Bucher: bucher.get(row.id) } : {}),
          ...csvRow(row, BUCHUNGS_SPALTEN),
        })),
        `Buchungsübersicht ${name}`,
      );
    } catch (error) {
      reportError(error);
    } finally {
      setExporting(false);
    }
  };

  return (
    <Card className="edit-frame buchungs-uebersicht">
      <div className="edit-header">
        <H4>
          {variante === 'teilnehmer' ? `Buchungen als Teilnehmer: ${name}` : `Buchungsübersicht: ${name}`}
        </H4>
        {isLoading && <Spinner size={20} aria-label="Daten werden geladen" />}
        <div className="edit-actions">
          <Button
            icon="export"
            text="CSV-Export"
            loading={exporting}
            disabled={!data}
            onClick={() => void exportieren()}
          />
          <Button
            icon="arrow-left"
            text="Zurück zum Benutzer"
            onClick={() => navigate(`/benutzer/benutzer/${id}`)}
          />
        </div>
      </div>
      {groups ? (
        groups.length === 0 ? (
          <BuchungsTabelle rows={[]} loading={isLoading} />
        ) : (
          groups.map((group) => (
            <section key={String(group.benutzerId)} className="bucher-gruppe">
              <H5>Gebucht von {group.name}</H5>
              <BuchungsTabelle rows={group.rows} />
            </section>
          ))
        )
      ) : (
        <BuchungsTabelle rows={rows} loading={isLoading} />
      )}
    </Card>
  );
}
