/**
 * The seminar evaluation (spec 003 §2, §4): the selector at /auswertung/seminare (all seminars of
 * a period, single seminars or seminar types) and the result at /auswertung/seminare/selection.
 */
import {
  Button,
  Callout,
  Checkbox,
  FormGroup,
  HTMLTable,
  Intent,
  Radio,
  RadioGroup,
  Tab,
  Tabs,
} from '@blueprintjs/core';
import { Fragment, useMemo, useState } from 'react';
import { href, navigate, useLocation } from '../../app/router';
import { DateInput } from '../../components/inputs/DateInput';
import { RecordsSelect } from '../../components/inputs/RecordsSelect';
import { exportCsv } from '../../lib/csv';
import { reportError } from '../../lib/errors';
import { csvAmount, formatAmount } from '../../lib/format';
import { defaultTimeFilter } from '../../lib/time-filter';
import type { ResourceConfig, Row } from '../../resources/types';
import { useSeminarAuswertung, type SeminarAuswertung, type SeminarZeile } from './api';
import { SeminarDiagramm } from './Diagramme';
import {
  ergebnisPfad,
  startErlaubt,
  whereAusQuery,
  zeitraum,
  type Auswahl,
  type AuswahlTyp,
} from './auswahl';
import { Fehlermeldung, LeereZeile, monatsName, Rahmen, tag, zahl } from './teile';

const AUSWAHL_PFAD = '/auswertung/seminare';

const seminarLabel = (row: Row) => [row.lg_id, row.titel].filter(Boolean).join(' - ') || `#${row.id}`;

export function SeminarAuswahl({ config }: { config: ResourceConfig }) {
  const jahr = useMemo(() => {
    const now = new Date();
    return zeitraum(defaultTimeFilter(config.timeDefault ?? 'year', now), now);
  }, [config]);
  const [auswahl, setAuswahl] = useState<Auswahl>({
    typ: 'all',
    von: jahr?.from ?? null,
    bis: jahr?.to ?? null,
    veranstaltungIds: [],
    typIds: [],
    split: false,
  });
  const setze = (werte: Partial<Auswahl>) => setAuswahl((alt) => ({ ...alt, ...werte }));
  return (
    <Rahmen titel="Seminar-Auswertung">
      <RadioGroup
        label="Auswahl"
        inline
        selectedValue={auswahl.typ}
        onChange={(e) => setze({ typ: e.currentTarget.value as AuswahlTyp })}
      >
        <Radio value="all" label="Alle Seminare eines Zeitraums" />
        <Radio value="single" label="Einzelne Seminare" />
        <Radio value="types" label="Seminar-Typen" />
      </RadioGroup>
      {auswahl.typ === 'single' ? (
        <FormGroup label="Seminare" labelFor="auswahl-seminare">
          <RecordsSelect
            id="auswahl-seminare"
            resource="veranstaltung"
            value={auswahl.veranstaltungIds}
            onChange={(veranstaltungIds) => setze({ veranstaltungIds })}
            label={seminarLabel}
            searchFields={['lg_id', 'titel']}
          />
        </FormGroup>
      ) : (
        <div className="form-columns auswertung-zeitraum">
          <FormGroup label="Von" labelFor="auswahl-von">
            <DateInput id="auswahl-von" value={auswahl.von} onChange={(von) => setze({ von })} />
          </FormGroup>
          <FormGroup label="Bis" labelFor="auswahl-bis">
            <DateInput id="auswahl-bis" value={auswahl.bis} onChange={(bis) => setze({ bis })} />
          </FormGroup>
        </div>
      )}
      {auswahl.typ === 'types' && (
        <FormGroup label="Seminar-Typen" labelFor="auswahl-typen">
          <RecordsSelect
            id="auswahl-typen"
            resource="veranstaltung-typ"
            value={auswahl.typIds}
            onChange={(typIds) => setze({ typIds })}
            label={(row) => String(row.bezeichnung ?? `#${row.id}`)}
            searchFields={['bezeichnung']}
          />
        </FormGroup>
      )}
      <Checkbox
        label="Nach Seminar-Typ aufteilen"
        checked={auswahl.split}
        onChange={(e) => setze({ split: e.currentTarget.checked })}
      />
      <Button
        intent={Intent.PRIMARY}
        icon="play"
        text="Auswertung starten"
        disabled={!startErlaubt(auswahl)}
        onClick={() => navigate(ergebnisPfad(auswahl))}
      />
    </Rahmen>
  );
}

function SeminarZeilen({ zeilen }: { zeilen: SeminarZeile[] }) {
  return (
    <>
      {zeilen.map((s) => (
        <tr key={s.id}>
          <td>{s.lg_id}</td>
          <td>
            <a href={href(`/seminare/veranstaltung/${s.id}`)}>{s.titel}</a>
          </td>
          <td>{s.typ}</td>
          <td>{tag(s.beginn)}</td>
          <td className="zahl">{zahl(s.besucher)}</td>
          <td className="zahl">{zahl(s.buchungen)}</td>
          <td className="betrag">{formatAmount(s.netto)}</td>
          <td className="betrag">{formatAmount(s.kosten)}</td>
          <td className="betrag">{formatAmount(s.marge)}</td>
          <td className="zahl">{zahl(s.newsletter_klicks)}</td>
        </tr>
      ))}
    </>
  );
}

/** Bookings, net revenue, costs and margin of some seminars (participants are not additive across seminars). */
function Zwischensumme({ titel, zeilen }: { titel: string; zeilen: SeminarZeile[] }) {
  const euro = (feld: 'netto' | 'kosten' | 'marge') =>
    formatAmount(zeilen.reduce((summe, s) => summe + Math.round(s[feld] * 100), 0) / 100);
  return (
    <tr className="auswertung-zwischensumme">
      <th colSpan={5}>{titel}</th>
      <th className="zahl">{zahl(zeilen.reduce((summe, s) => summe + s.buchungen, 0))}</th>
      <th className="betrag">{euro('netto')}</th>
      <th className="betrag">{euro('kosten')}</th>
      <th className="betrag">{euro('marge')}</th>
      <th />
    </tr>
  );
}

function SeminarTabelle({
  daten,
  split,
  laedt,
}: {
  daten?: SeminarAuswertung;
  split: boolean;
  laedt: boolean;
}) {
  const gruppen = useMemo(() => {
    const jeTyp = new Map<string, SeminarZeile[]>();
    for (const s of daten?.seminare ?? [])
      jeTyp.set(s.typ ?? 'ohne Typ', [...(jeTyp.get(s.typ ?? 'ohne Typ') ?? []), s]);
    return [...jeTyp].sort(([a], [b]) => a.localeCompare(b, 'de'));
  }, [daten]);
  return (
    <HTMLTable compact striped className="auswertung-tabelle">
      <thead>
        <tr>
          <th>LG-Nr.</th>
          <th>Titel</th>
          <th>Seminar-Typ</th>
          <th>Beginn</th>
          <th className="zahl">Besucher</th>
          <th className="zahl">Buchungen</th>
          <th className="betrag">Netto</th>
          <th className="betrag">Kosten</th>
          <th className="betrag">Marge</th>
          <th className="zahl">Newsletter-Klicks</th>
        </tr>
      </thead>
      <tbody>
        {!daten?.seminare.length ? (
          <LeereZeile spalten={10} laedt={laedt} />
        ) : split ? (
          gruppen.map(([typ, zeilen]) => (
            <Fragment key={typ}>
              <SeminarZeilen zeilen={zeilen} />
              <Zwischensumme titel={`Summe ${typ}`} zeilen={zeilen} />
            </Fragment>
          ))
        ) : (
          <SeminarZeilen zeilen={daten.seminare} />
        )}
      </tbody>
      {daten && daten.seminare.length > 0 && (
        <tfoot>
          <tr>
            <th colSpan={4}>Summe</th>
            <th className="zahl">{zahl(daten.summe.besucher)}</th>
            <th className="zahl">{zahl(daten.summe.buchungen)}</th>
            <th className="betrag">{formatAmount(daten.summe.netto)}</th>
            <th className="betrag">{formatAmount(daten.summe.kosten)}</th>
            <th className="betrag">{formatAmount(daten.summe.marge)}</th>
            <th className="zahl">{zahl(daten.summe.klicks)}</th>
          </tr>
        </tfoot>
      )}
    </HTMLTable>
  );
}

function BesucherTabelle({ daten, laedt }: { daten?: SeminarAuswertung; laedt: boolean }) {
  return (
    <HTMLTable compact striped className="auswertung-tabelle">
      <thead>
        <tr>
          <th>Kennnummer</th>
          <th>Name</th>
          <th className="zahl">Seminare</th>
          <th className="zahl">Buchungen</th>
          <th className="betrag">Netto</th>
        </tr>
      </thead>
      <tbody>
        {!daten?.besucher.length ? (
          <LeereZeile spalten={5} laedt={laedt} />
        ) : (
          daten.besucher.map((b, i) => (
            <tr key={b.benutzer_id ?? `gast-${i}`}>
              <td>{b.kennnummer}</td>
              <td>
                {b.benutzer_id ? (
                  <a href={href(`/benutzer/benutzer/${b.benutzer_id}`)}>{b.name}</a>
                ) : (
                  `${b.name} (Gast)`
                )}
              </td>
              <td className="zahl">{zahl(b.seminare)}</td>
              <td className="zahl">{zahl(b.buchungen)}</td>
              <td className="betrag">{formatAmount(b.netto)}</td>
            </tr>
          ))
        )}
      </tbody>
    </HTMLTable>
  );
}

function TurnusTabelle({ daten, laedt }: { daten?: SeminarAuswertung; laedt: boolean }) {
  return (
    <HTMLTable compact striped className="auswertung-tabelle">
      <thead>
        <tr>
          <th>Abo</th>
          <th>Turnus</th>
          <th className="zahl">Seminare der Auswahl</th>
          <th className="zahl">Besucher</th>
          <th className="zahl">Buchungen</th>
          <th className="betrag">Netto</th>
        </tr>
      </thead>
      <tbody>
        {!daten?.turni.length ? (
          <LeereZeile spalten={6} laedt={laedt} />
        ) : (
          daten.turni.map((t) => (
            <tr key={t.id}>
              <td>
                <a href={href(`/werbung/abo/${t.wb_abo_id}`)}>{t.titel}</a>
              </td>
              <td>{`${tag(t.von)} – ${t.bis ? tag(t.bis) : 'offen'}`}</td>
              <td className="zahl">{zahl(t.seminare)}</td>
              <td className="zahl">{zahl(t.besucher)}</td>
              <td className="zahl">{zahl(t.buchungen)}</td>
              <td className="betrag">{formatAmount(t.netto)}</td>
            </tr>
          ))
        )}
      </tbody>
    </HTMLTable>
  );
}

function NewsletterTabellen({ daten, laedt }: { daten?: SeminarAuswertung; laedt: boolean }) {
  const titel = new Map(
    (daten?.seminare ?? []).map((s) => [s.id, [s.lg_id, s.titel].filter(Boolean).join(' - ')]),
  );
  return (
    <div className="auswertung-spalten">
      <HTMLTable compact striped className="auswertung-tabelle">
        <thead>
          <tr>
            <th>Newsletter</th>
            <th>Seminar</th>
            <th className="zahl">Versendet</th>
            <th className="zahl">Klicks</th>
          </tr>
        </thead>
        <tbody>
          {!daten?.newsletters.length ? (
            <LeereZeile spalten={4} laedt={laedt} />
          ) : (
            daten.newsletters.map((n) => (
              <tr key={n.id}>
                <td>
                  <a href={href(`/newsletter/newsletter/${n.id}`)}>{n.titel}</a>
                </td>
                <td>{n.veranstaltung_id ? titel.get(n.veranstaltung_id) : ''}</td>
                <td className="zahl">{zahl(n.dispatcher)}</td>
                <td className="zahl">{zahl(n.klicks)}</td>
              </tr>
            ))
          )}
        </tbody>
      </HTMLTable>
      <HTMLTable compact striped className="auswertung-tabelle">
        <thead>
          <tr>
            <th>Monat</th>
            <th className="zahl">Klicks</th>
          </tr>
        </thead>
        <tbody>
          {!daten?.newsletter_clicks.length ? (
            <LeereZeile spalten={2} laedt={laedt} />
          ) : (
            daten.newsletter_clicks.map((k) => (
              <tr key={k.monat}>
                <td>{monatsName(k.monat)}</td>
                <td className="zahl">{zahl(k.klicks)}</td>
              </tr>
            ))
          )}
        </tbody>
      </HTMLTable>
    </div>
  );
}

async function exportiere(daten: SeminarAuswertung): Promise<void> {
  try {
    await exportCsv(
      daten.seminare.map((s) => ({
        'LG-Nr.': s.lg_id ?? '',
        Titel: s.titel,
        'Seminar-Typ': s.typ ?? '',
        Beginn: tag(s.beginn),
        Besucher: s.besucher,
        Buchungen: s.buchungen,
        Netto: csvAmount(s.netto),
        Kosten: csvAmount(s.kosten),
        Marge: csvAmount(s.marge),
        'Newsletter-Klicks': s.newsletter_klicks,
      })),
      'Seminar-Auswertung',
    );
  } catch (error) {
    reportError(error);
  }
}

export function SeminarErgebnis() {
  const { query } = useLocation();
  const where = useMemo(() => whereAusQuery(query), [query]);
  const split = query.get('split') === 'true';
  const { data, error, isLoading } = useSeminarAuswertung(where);
  const [tab, setTab] = useState('seminare');
  const aktionen = (
    <>
      <Button
        icon="export"
        text="CSV-Export"
        disabled={!data}
        onClick={() => data && void exportiere(data)}
      />
      <Button icon="arrow-left" text="Auswahl ändern" onClick={() => navigate(AUSWAHL_PFAD)} />
    </>
  );
  if (!where) {
    return (
      <Rahmen titel="Seminar-Auswertung" aktionen={aktionen}>
        <Callout intent={Intent.PRIMARY} title="Keine Auswahl">
          Bitte wählen Sie einen Zeitraum, Seminare oder Seminar-Typen.
        </Callout>
      </Rahmen>
    );
  }
  const zeitraumText = where.datum ? `${tag(where.datum.from) || '…'} bis ${tag(where.datum.to) || '…'}` : '';
  return (
    <Rahmen titel={`Seminar-Auswertung ${zeitraumText}`.trim()} laedt={isLoading} aktionen={aktionen}>
      <Fehlermeldung error={error} />
      {data && (
        <div className="auswertung-summen">
          <span>
            Seminare: <strong>{zahl(data.summe.seminare)}</strong>
          </span>
          <span>
            Besucher: <strong>{zahl(data.summe.besucher)}</strong>
          </span>
          <span>
            Buchungen: <strong>{zahl(data.summe.buchungen)}</strong>
          </span>
          <span>
            Nettoumsatz: <strong>{formatAmount(data.summe.netto)}</strong>
          </span>
          <span>
            Marge: <strong>{formatAmount(data.summe.marge)}</strong>
          </span>
          <span>
            Newsletter-Klicks: <strong>{zahl(data.summe.klicks)}</strong>
          </span>
        </div>
      )}
      <Tabs id="seminar-auswertung" selectedTabId={tab} onChange={(id) => setTab(String(id))}>
        <Tab
          id="seminare"
          title="Seminare"
          panel={
            <>
              {data && data.seminare.length > 0 && <SeminarDiagramm seminare={data.seminare} />}
              <SeminarTabelle daten={data} split={split} laedt={isLoading} />
            </>
          }
        />
        <Tab id="besucher" title="Besucher" panel={<BesucherTabelle daten={data} laedt={isLoading} />} />
        <Tab id="turni" title="Abo-Turnusse" panel={<TurnusTabelle daten={data} laedt={isLoading} />} />
        <Tab
          id="newsletter"
          title="Newsletter"
          panel={<NewsletterTabellen daten={data} laedt={isLoading} />}
        />
      </Tabs>
    </Rahmen>
  );
}
