/**
 * The Benutzer evaluation (spec 003 §2, §7): Benutzer with, without or regardless of bookings of
 * seminars of some types in a period (the current year by default, spec 003 §9), paged, as CSV.
 */
import { Button, FormGroup, HTMLSelect, HTMLTable } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import { href, navigate } from '../../app/router';
import { RecordsSelect } from '../../components/inputs/RecordsSelect';
import { exportCsv } from '../../lib/csv';
import { reportError } from '../../lib/errors';
import { defaultTimeFilter, timeFilterOptions, type TimeFilter } from '../../lib/time-filter';
import type { ResourceConfig } from '../../resources/types';
import { alleBenutzer, useBenutzerAuswertung, type BenutzerFilter, type BenutzerWhere } from './api';
import { zeitraum } from './auswahl';
import { Blaettern, Fehlermeldung, LeereZeile, Rahmen, SEITENGROESSE, zahl } from './teile';

const FILTER: { value: BenutzerFilter; label: string }[] = [
  { value: 'booking', label: 'mit Buchungen' },
  { value: 'no-booking', label: 'ohne Buchungen' },
  { value: 'all', label: 'alle' },
];

export function BenutzerAuswertung({ config }: { config: ResourceConfig }) {
  const now = useMemo(() => new Date(), []);
  const [filter, setFilter] = useState<BenutzerFilter>('booking');
  const [zeit, setZeit] = useState<TimeFilter>(() => defaultTimeFilter(config.timeDefault ?? 'year', now));
  const [typIds, setTypIds] = useState<number[]>([]);
  const [seite, setSeite] = useState(1);
  const where = useMemo<BenutzerWhere>(() => {
    const datum = zeitraum(zeit, now);
    return { benutzer_filter: filter, veranstaltung_typ_ids: typIds, ...(datum ? { datum } : {}) };
  }, [filter, zeit, typIds, now]);
  const { data, error, isLoading } = useBenutzerAuswertung(where, SEITENGROESSE, (seite - 1) * SEITENGROESSE);
  const [exportiert, setExportiert] = useState(false);

  const aendere =
    <T,>(setzen: (wert: T) => void) =>
    (wert: T) => {
      setzen(wert);
      setSeite(1);
    };

  const exportieren = async () => {
    setExportiert(true);
    try {
      const alle = await alleBenutzer(where);
      await exportCsv(
        alle.rows.map((b) => ({
          Kennnummer: b.kennnummer ?? '',
          Name: b.name ?? '',
          Email: b.email ?? '',
          Mitglied: b.atr_mitglied,
          Buchungen: b.buchungen,
        })),
        'Benutzer-Auswertung',
      );
    } catch (err) {
      reportError(err);
    } finally {
      setExportiert(false);
    }
  };

  return (
    <Rahmen
      titel="Benutzer-Auswertung"
      laedt={isLoading}
      aktionen={
        <Button icon="export" text="CSV-Export" loading={exportiert} onClick={() => void exportieren()} />
      }
    >
      <div className="form-columns auswertung-filter">
        <FormGroup label="Benutzer" labelFor="benutzer-filter">
          <HTMLSelect
            id="benutzer-filter"
            value={filter}
            onChange={(e) => aendere(setFilter)(e.target.value as BenutzerFilter)}
            options={FILTER}
          />
        </FormGroup>
        <FormGroup label="Zeitraum der Seminare" labelFor="benutzer-zeitraum">
          <HTMLSelect
            id="benutzer-zeitraum"
            value={zeit}
            onChange={(e) => aendere(setZeit)(e.target.value as TimeFilter)}
            options={timeFilterOptions(now)}
          />
        </FormGroup>
        <FormGroup label="Seminar-Typen (leer: alle)" labelFor="benutzer-typen">
          <RecordsSelect
            id="benutzer-typen"
            resource="veranstaltung-typ"
            value={typIds}
            onChange={aendere(setTypIds)}
            label={(row) => String(row.bezeichnung ?? `#${row.id}`)}
            searchFields={['bezeichnung']}
          />
        </FormGroup>
      </div>
      <Fehlermeldung error={error} />
      <HTMLTable compact striped interactive className="auswertung-tabelle">
        <thead>
          <tr>
            <th>Kennnummer</th>
            <th>Name</th>
            <th>Email</th>
            <th>Mitglied</th>
            <th className="zahl">Buchungen</th>
          </tr>
        </thead>
        <tbody>
          {!data?.rows.length ? (
            <LeereZeile spalten={5} laedt={isLoading} />
          ) : (
            data.rows.map((b) => (
              <tr key={b.id} onClick={() => navigate(`/benutzer/benutzer/${b.id}`)}>
                <td>{b.kennnummer}</td>
                <td>
                  <a href={href(`/benutzer/benutzer/${b.id}`)}>{b.name}</a>
                </td>
                <td>{b.email}</td>
                <td>{b.atr_mitglied ? 'ja' : 'nein'}</td>
                <td className="zahl">{zahl(b.buchungen)}</td>
              </tr>
            ))
          )}
        </tbody>
      </HTMLTable>
      <Blaettern seite={seite} anzahl={data?.count ?? 0} onSeite={setSeite} />
    </Rahmen>
  );
}
