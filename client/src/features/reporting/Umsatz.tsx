/**
 * Umsatzprognose (spec 003 §2): net revenue per month of a year, seminars by their date, Abos by
 * their period, bundles and products by booking date; /auswertung/umsatz/{yearMonth} lists a month.
 */
import { Button, HTMLTable } from '@blueprintjs/core';
import { berlinDatum } from '../../../../common/kalender';
import { href, navigate } from '../../app/router';
import { formatAmount } from '../../lib/format';
import type { ResourceConfig } from '../../resources/types';
import { useUmsatzJahr, useUmsatzMonat, type Kategorie, type Summen, type UmsatzPosten } from './api';
import { monatsParam } from './auswahl';
import { UmsatzDiagramm } from './Diagramme';
import { Fehlermeldung, LeereZeile, prozent, Rahmen, tag, useJahresauswahl, zahl } from './teile';

const PFAD = '/auswertung/umsatz';

const KATEGORIE_SPALTEN: { kategorie: Kategorie; label: string }[] = [
  { kategorie: 'seminare', label: 'Seminare' },
  { kategorie: 'abos', label: 'Abos' },
  { kategorie: 'bundle', label: 'Bundles' },
  { kategorie: 'produkte', label: 'Produkte' },
];

const HINWEIS = 'Nettoumsatz in Euro; stornierte Buchungen zählen mit 0 €.';

function SummenZellen({ summen }: { summen: Summen }) {
  return (
    <>
      {KATEGORIE_SPALTEN.map(({ kategorie }) => (
        <td key={kategorie} className="betrag">
          {formatAmount(summen[kategorie])}
        </td>
      ))}
      <td className="betrag">
        <strong>{formatAmount(summen.gesamt)}</strong>
      </td>
      <td className="zahl">{zahl(summen.buchungen)}</td>
    </>
  );
}

export function UmsatzJahr({ config }: { config: ResourceConfig }) {
  const { jahr, auswahl } = useJahresauswahl(config);
  const { data, error, isLoading } = useUmsatzJahr(jahr);
  return (
    <Rahmen titel={`${config.label} ${jahr}`} laedt={isLoading} aktionen={auswahl}>
      <p className="auswertung-hinweis">{HINWEIS} Ein Klick auf einen Monat zeigt seine Seminare und Abos.</p>
      <Fehlermeldung error={error} />
      {data && <UmsatzDiagramm daten={data} kategorien={KATEGORIE_SPALTEN} heute={berlinDatum(new Date())} />}
      <HTMLTable compact striped interactive className="auswertung-tabelle">
        <thead>
          <tr>
            <th>Monat</th>
            {KATEGORIE_SPALTEN.map(({ kategorie, label }) => (
              <th key={kategorie} className="betrag">
                {label}
              </th>
            ))}
            <th className="betrag">Gesamt</th>
            <th className="zahl">Buchungen</th>
          </tr>
        </thead>
        <tbody>
          {!data ? (
            <LeereZeile spalten={7} laedt={isLoading} />
          ) : (
            data.monate.map((m) => (
              <tr key={m.monat} onClick={() => navigate(`${PFAD}/${monatsParam(m.monat)}`)}>
                <td>
                  <a href={href(`${PFAD}/${monatsParam(m.monat)}`)}>{m.titel}</a>
                </td>
                <SummenZellen summen={m} />
              </tr>
            ))
          )}
        </tbody>
        {data && (
          <tfoot>
            <tr>
              <th>Summe {jahr}</th>
              <SummenZellen summen={data.summe} />
            </tr>
          </tfoot>
        )}
      </HTMLTable>
    </Rahmen>
  );
}

const KATEGORIE_LABEL: Record<Kategorie, string> = {
  seminare: 'Seminar',
  abos: 'Abo',
  bundle: 'Bundle',
  produkte: 'Produkt',
};

/** Seminars and Abos lead to their records. */
function postenPfad(p: UmsatzPosten): string | null {
  if (p.id === null) return null;
  if (p.kategorie === 'seminare') return `/seminare/veranstaltung/${p.id}`;
  if (p.kategorie === 'abos') return `/werbung/abo/${p.id}`;
  return null;
}

function zeitraumText(p: UmsatzPosten): string {
  if (p.kategorie === 'abos' && p.von) return `${tag(p.von)} – ${p.bis ? tag(p.bis) : 'offen'}`;
  return tag(p.datum);
}

export function UmsatzMonat({ monat }: { monat: string }) {
  const { data, error, isLoading } = useUmsatzMonat(monat);
  const zurueck = (
    <Button
      icon="arrow-left"
      text="Zur Jahresübersicht"
      onClick={() => navigate(`${PFAD}?jahr=${monat.slice(0, 4)}`)}
    />
  );
  return (
    <Rahmen titel={`Umsatzprognose ${data?.titel ?? monat}`} laedt={isLoading} aktionen={zurueck}>
      <p className="auswertung-hinweis">{HINWEIS}</p>
      <Fehlermeldung error={error} />
      <HTMLTable compact striped className="auswertung-tabelle">
        <thead>
          <tr>
            <th>Art</th>
            <th>Titel</th>
            <th>Datum / Turnus</th>
            <th className="zahl">MwSt</th>
            <th className="zahl">Buchungen</th>
            <th className="betrag">Brutto</th>
            <th className="betrag">Netto</th>
          </tr>
        </thead>
        <tbody>
          {!data?.posten.length ? (
            <LeereZeile spalten={7} laedt={isLoading} />
          ) : (
            data.posten.map((p) => {
              const ziel = postenPfad(p);
              return (
                <tr key={`${p.kategorie}-${p.id}-${p.turnus_id}-${p.mwst}`}>
                  <td>{KATEGORIE_LABEL[p.kategorie]}</td>
                  <td>{ziel ? <a href={href(ziel)}>{p.titel}</a> : p.titel}</td>
                  <td>{zeitraumText(p)}</td>
                  <td className="zahl">{prozent(p.mwst)}</td>
                  <td className="zahl">{zahl(p.buchungen)}</td>
                  <td className="betrag">{formatAmount(p.brutto)}</td>
                  <td className="betrag">{formatAmount(p.netto)}</td>
                </tr>
              );
            })
          )}
        </tbody>
        {data && (
          <tfoot>
            <tr>
              <th colSpan={4}>Summe {data.titel}</th>
              <th className="zahl">{zahl(data.summe.buchungen)}</th>
              <th />
              <th className="betrag">{formatAmount(data.summe.gesamt)}</th>
            </tr>
          </tfoot>
        )}
      </HTMLTable>
      <div className="auswertung-summen">
        {KATEGORIE_SPALTEN.map(({ kategorie, label }) =>
          data ? (
            <span key={kategorie}>
              {label}: <strong>{formatAmount(data.summe[kategorie])}</strong>
            </span>
          ) : null,
        )}
      </div>
    </Rahmen>
  );
}
