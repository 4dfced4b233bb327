/** What the evaluation screens share: their frame, empty rows, the pager and German numbers. */
import { Button, Callout, Card, H4, HTMLSelect, Intent, Spinner } from '@blueprintjs/core';
import { useMemo, type ReactNode } from 'react';
import { navigate, useLocation } from '../../app/router';
import { errorMessage } from '../../lib/errors';
import { berlinDateTime, berlinYear, formatDateValue } from '../../lib/format';
import { pageCount } from '../../lib/paging';
import { defaultTimeFilter, timeFilterOptions } from '../../lib/time-filter';
import type { ResourceConfig } from '../../resources/types';
import { jahrAusFilter } from './auswahl';

export function Rahmen({
  titel,
  aktionen,
  laedt = false,
  children,
}: {
  titel: string;
  aktionen?: ReactNode;
  laedt?: boolean;
  children: ReactNode;
}) {
  return (
    <Card className="edit-frame auswertung" data-screen="auswertung">
      <div className="edit-header">
        <H4>{titel}</H4>
        {laedt && <Spinner size={20} aria-label="Daten werden geladen" />}
        <div className="edit-actions">{aktionen}</div>
      </div>
      {children}
    </Card>
  );
}

/** The row of an empty table: 'Daten werden geladen' while loading, 'keine Daten vorhanden' after (spec 000 §2). */
export function LeereZeile({ spalten, laedt }: { spalten: number; laedt: boolean }) {
  return (
    <tr>
      <td colSpan={spalten} className="list-empty">
        {laedt ? 'Daten werden geladen' : 'keine Daten vorhanden'}
      </td>
    </tr>
  );
}

export function Fehlermeldung({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <Callout intent={Intent.DANGER} title="Fehler beim Laden" className="auswertung-fehler">
      {errorMessage(error)}
    </Callout>
  );
}

const zahlFormat = new Intl.NumberFormat('de-DE');

/** A count the German way: 1.234. */
export const zahl = (n: number) => zahlFormat.format(n);

/** A VAT rate: 19 %, 5,5 %. */
export const prozent = (satz: number) => `${zahlFormat.format(satz)} %`;

/** A date ('YYYY-MM-DD') or an instant as its Berlin day: 10.03.2026. */
export function tag(value: string | null | undefined): string {
  if (!value) return '';
  return formatDateValue(/^\d{4}-\d{2}-\d{2}$/.test(value) ? value : berlinDateTime(value)[0]);
}

const monatsFormat = new Intl.DateTimeFormat('de-DE', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** '2026-03' → 'März 2026'. */
export function monatsName(monat: string): string {
  const [jahr, nummer] = monat.split('-').map(Number);
  return monatsFormat.format(new Date(Date.UTC(jahr, nummer - 1, 1)));
}

export const SEITENGROESSE = 13;

/** Previous and next page with 'Seite n von m' (spec 000 §9: 13 rows a page). */
export function Blaettern({
  seite,
  anzahl,
  onSeite,
}: {
  seite: number;
  anzahl: number;
  onSeite(seite: number): void;
}) {
  const seiten = pageCount(anzahl, SEITENGROESSE);
  return (
    <div className="list-pager">
      <Button
        icon="chevron-left"
        variant="minimal"
        aria-label="Vorherige Seite"
        disabled={seite <= 1}
        onClick={() => onSeite(seite - 1)}
      />
      <span>
        Seite {seite} von {seiten}
      </span>
      <Button
        icon="chevron-right"
        variant="minimal"
        aria-label="Nächste Seite"
        disabled={seite >= seiten}
        onClick={() => onSeite(seite + 1)}
      />
      <span className="spacer" />
      <span className="list-count">{`${zahl(anzahl)} ${anzahl === 1 ? 'Eintrag' : 'Einträge'}`}</span>
    </div>
  );
}

/** The years of the list time filter ('Jahr {year}', spec 000 §9), the current one by default (spec 003 §9). */
export function useJahresauswahl(config: ResourceConfig) {
  const { path, query } = useLocation();
  const now = useMemo(() => new Date(), []);
  const jahre = useMemo(
    () =>
      timeFilterOptions(now).flatMap((o) => {
        const jahr = jahrAusFilter(o.value);
        return jahr === null ? [] : [{ value: jahr, label: o.label }];
      }),
    [now],
  );
  const standard = jahrAusFilter(defaultTimeFilter(config.timeDefault ?? 'year', now)) ?? berlinYear(now);
  const gewaehlt = Number(query.get('jahr'));
  const jahr = jahre.some((j) => j.value === gewaehlt) ? gewaehlt : standard;
  // The year lives in the route, so that Back from a month's details returns to it.
  const setJahr = (neu: number) => navigate(`${path}?jahr=${neu}`, { replace: true });
  const auswahl = (
    <HTMLSelect
      aria-label="Jahr"
      value={jahr}
      onChange={(e) => setJahr(Number(e.target.value))}
      options={jahre}
    />
  );
  return { jahr, auswahl };
}
