/**
 * The newsletter evaluation (spec 003 §2): clicks with a dispatch per month of a year, then per
 * seminar in a month (/auswertung/newsletter/{yearMonth}), its dispatches (/{veranstaltung_id},
 * 0 for newsletters without seminar) and who clicked in one (/{dispatcher_id}).
 */
import { Button, HTMLTable } from '@blueprintjs/core';
import { href, navigate } from '../../app/router';
import { resourcePath } from '../../lib/api';
import { formatDateValue } from '../../lib/format';
import { useApi } from '../../lib/hooks';
import type { ResourceConfig, Row } from '../../resources/types';
import {
  useKlicksJeBenutzer,
  useKlicksJeDispatcher,
  useKlicksJeMonat,
  useKlicksJeSeminar,
  useNewsletterWirkung,
  type KlickZahlen,
  type Wirkung,
} from './api';
import { monatsParam } from './auswahl';
import { anteil, NewsletterDiagramm } from './Diagramme';
import { Fehlermeldung, LeereZeile, monatsName, Rahmen, tag, useJahresauswahl, zahl } from './teile';

const PFAD = '/auswertung/newsletter';

const monatsPfad = (monat: string) => `${PFAD}/${monatsParam(monat)}`;

function Zurueck({ text, ziel }: { text: string; ziel: string }) {
  return <Button icon="arrow-left" text={text} onClick={() => navigate(ziel)} />;
}

/** Clicks, newsletters, dispatches and clicking Benutzer, as the first levels show them. */
function ZahlenZellen({ z }: { z: KlickZahlen }) {
  return (
    <>
      <td className="zahl">{zahl(z.klicks)}</td>
      <td className="zahl">{zahl(z.newsletter)}</td>
      <td className="zahl">{zahl(z.dispatcher)}</td>
      <td className="zahl">{zahl(z.benutzer)}</td>
    </>
  );
}

const ZAHLEN_KOPF = (
  <>
    <th className="zahl">Klicks</th>
    <th className="zahl">Newsletter</th>
    <th className="zahl">Versendungen</th>
    <th className="zahl">Benutzer</th>
  </>
);

const WIRKUNG_KOPF = (
  <>
    <th className="zahl">Empfänger</th>
    <th className="zahl">Klicks</th>
    <th className="zahl">Klickende Empfänger</th>
    <th className="zahl">Klickrate</th>
    <th className="zahl">Abmeldungen</th>
    <th className="zahl">Buchungen nach Klick</th>
  </>
);

function WirkungZellen({ w, Zelle = 'td' }: { w: Wirkung; Zelle?: 'td' | 'th' }) {
  return (
    <>
      <Zelle className="zahl">{zahl(w.empfaenger)}</Zelle>
      <Zelle className="zahl">{zahl(w.klicks)}</Zelle>
      <Zelle className="zahl">{zahl(w.klickende)}</Zelle>
      <Zelle className="zahl">{anteil(w.klickrate)}</Zelle>
      <Zelle className="zahl">{zahl(w.abmeldungen)}</Zelle>
      <Zelle className="zahl">{zahl(w.buchungen)}</Zelle>
    </>
  );
}

/**
 * What the year's dispatches achieved (issue 32): the chart per month of dispatch, below it the
 * same months as a table with the year's sum, then every dispatch.
 */
function NewsletterWirkungTeil({ jahr }: { jahr: number }) {
  const { data, error, isLoading } = useNewsletterWirkung(jahr);
  return (
    <section className="newsletter-wirkung">
      <h5 className="bp6-heading">Wirkung der Versendungen {jahr}</h5>
      <p className="auswertung-hinweis">
        Nach Monat des Versands: Empfänger sind zugestellte E-Mails; Buchungen nach Klick sind Buchungen der
        klickenden Empfänger innerhalb von {data?.nachwirkung_tage ?? 30} Tagen nach ihrem Klick.
      </p>
      <Fehlermeldung error={error} />
      {data && <NewsletterDiagramm daten={data} />}
      <HTMLTable compact striped className="auswertung-tabelle newsletter-wirkung-monate">
        <thead>
          <tr>
            <th>Monat</th>
            <th className="zahl">Versendungen</th>
            {WIRKUNG_KOPF}
          </tr>
        </thead>
        <tbody>
          {!data ? (
            <LeereZeile spalten={8} laedt={isLoading} />
          ) : (
            data.monate.map((m) => (
              <tr key={m.monat}>
                <td>{m.titel}</td>
                <td className="zahl">{zahl(m.versande)}</td>
                <WirkungZellen w={m} />
              </tr>
            ))
          )}
        </tbody>
        {data && (
          <tfoot>
            <tr>
              <th>Summe {jahr}</th>
              <th className="zahl">{zahl(data.summe.versande)}</th>
              <WirkungZellen w={data.summe} Zelle="th" />
            </tr>
          </tfoot>
        )}
      </HTMLTable>
      <HTMLTable compact striped className="auswertung-tabelle newsletter-wirkung-versande">
        <thead>
          <tr>
            <th>Versendet am</th>
            <th>Newsletter</th>
            {WIRKUNG_KOPF}
          </tr>
        </thead>
        <tbody>
          {!data?.versande.length ? (
            <LeereZeile spalten={8} laedt={isLoading} />
          ) : (
            data.versande.map((v) => (
              <tr key={v.dispatcher_id}>
                <td>{tag(v.versendet_time)}</td>
                <td>
                  <a href={href(`/newsletter/versendete/${v.dispatcher_id}`)}>{v.titel}</a>
                </td>
                <WirkungZellen w={v} />
              </tr>
            ))
          )}
        </tbody>
      </HTMLTable>
    </section>
  );
}

export function NewsletterJahr({ config }: { config: ResourceConfig }) {
  const { jahr, auswahl } = useJahresauswahl(config);
  const { data, error, isLoading } = useKlicksJeMonat(jahr);
  return (
    <Rahmen titel={`Newsletter-Klicks ${jahr}`} laedt={isLoading} aktionen={auswahl}>
      <NewsletterWirkungTeil jahr={jahr} />
      <h5 className="bp6-heading">Klicks nach Monat des Klicks</h5>
      <p className="auswertung-hinweis">Gezählt werden Klicks aus versendeten Newslettern.</p>
      <Fehlermeldung error={error} />
      <HTMLTable compact striped interactive className="auswertung-tabelle newsletter-klicks">
        <thead>
          <tr>
            <th>Monat</th>
            {ZAHLEN_KOPF}
          </tr>
        </thead>
        <tbody>
          {!data ? (
            <LeereZeile spalten={5} laedt={isLoading} />
          ) : (
            data.map((m) => (
              <tr key={m.monat} onClick={() => navigate(monatsPfad(m.monat))}>
                <td>
                  <a href={href(monatsPfad(m.monat))}>{m.titel}</a>
                </td>
                <ZahlenZellen z={m} />
              </tr>
            ))
          )}
        </tbody>
      </HTMLTable>
    </Rahmen>
  );
}

export function NewsletterMonat({ monat }: { monat: string }) {
  const { data, error, isLoading } = useKlicksJeSeminar(monat);
  return (
    <Rahmen
      titel={`Newsletter-Klicks ${monatsName(monat)}`}
      laedt={isLoading}
      aktionen={<Zurueck text="Zur Jahresübersicht" ziel={`${PFAD}?jahr=${monat.slice(0, 4)}`} />}
    >
      <Fehlermeldung error={error} />
      <HTMLTable compact striped interactive className="auswertung-tabelle">
        <thead>
          <tr>
            <th>LG-Nr.</th>
            <th>Seminar</th>
            {ZAHLEN_KOPF}
          </tr>
        </thead>
        <tbody>
          {!data?.length ? (
            <LeereZeile spalten={6} laedt={isLoading} />
          ) : (
            data.map((s) => {
              const ziel = `${monatsPfad(monat)}/${s.veranstaltung_id ?? 0}`;
              return (
                <tr key={s.veranstaltung_id ?? 0} onClick={() => navigate(ziel)}>
                  <td>{s.lg_id}</td>
                  <td>
                    <a href={href(ziel)}>{s.veranstaltung_id ? s.titel : 'Newsletter ohne Seminar'}</a>
                  </td>
                  <ZahlenZellen z={s} />
                </tr>
              );
            })
          )}
        </tbody>
      </HTMLTable>
    </Rahmen>
  );
}

/** The seminar's name for a title; nothing for 0 (newsletters without seminar). */
function useSeminarName(veranstaltungId: number): string {
  const { data } = useApi<Row>(veranstaltungId ? resourcePath('veranstaltung', veranstaltungId) : null, {
    attributes: ['id', 'lg_id', 'titel'],
  });
  if (!veranstaltungId) return 'Newsletter ohne Seminar';
  return data ? [data.lg_id, data.titel].filter(Boolean).join(' - ') : `Seminar ${veranstaltungId}`;
}

export function NewsletterSeminar({ monat, veranstaltungId }: { monat: string; veranstaltungId: number }) {
  const { data, error, isLoading } = useKlicksJeDispatcher(monat, veranstaltungId);
  const name = useSeminarName(veranstaltungId);
  const pfad = `${monatsPfad(monat)}/${veranstaltungId}`;
  return (
    <Rahmen
      titel={`Newsletter-Klicks ${monatsName(monat)}: ${name}`}
      laedt={isLoading}
      aktionen={<Zurueck text={`Zu ${monatsName(monat)}`} ziel={monatsPfad(monat)} />}
    >
      <Fehlermeldung error={error} />
      <HTMLTable compact striped interactive className="auswertung-tabelle">
        <thead>
          <tr>
            <th>Newsletter</th>
            <th>Versendet am</th>
            <th className="zahl">Klicks</th>
            <th className="zahl">Benutzer</th>
          </tr>
        </thead>
        <tbody>
          {!data?.length ? (
            <LeereZeile spalten={4} laedt={isLoading} />
          ) : (
            data.map((d) => (
              <tr key={d.dispatcher_id} onClick={() => navigate(`${pfad}/${d.dispatcher_id}`)}>
                <td>
                  <a href={href(`${pfad}/${d.dispatcher_id}`)}>{d.titel}</a>
                </td>
                <td>{formatDateValue(d.versendet_time)}</td>
                <td className="zahl">{zahl(d.klicks)}</td>
                <td className="zahl">{zahl(d.benutzer)}</td>
              </tr>
            ))
          )}
        </tbody>
      </HTMLTable>
    </Rahmen>
  );
}

export function NewsletterDispatcher({
  monat,
  veranstaltungId,
  dispatcherId,
}: {
  monat: string;
  veranstaltungId: number;
  dispatcherId: number;
}) {
  const { data, error, isLoading } = useKlicksJeBenutzer(monat, dispatcherId);
  return (
    <Rahmen
      titel={`Klicks der Versendung ${dispatcherId} im ${monatsName(monat)}`}
      laedt={isLoading}
      aktionen={
        <>
          <Button
            icon="envelope"
            text="Versendung öffnen"
            onClick={() => navigate(`/newsletter/versendete/${dispatcherId}`)}
          />
          <Zurueck text="Zu den Versendungen" ziel={`${monatsPfad(monat)}/${veranstaltungId}`} />
        </>
      }
    >
      <Fehlermeldung error={error} />
      <HTMLTable compact striped className="auswertung-tabelle">
        <thead>
          <tr>
            <th>Kennnummer</th>
            <th>Name</th>
            <th className="zahl">Klicks</th>
            <th>Letzter Klick</th>
          </tr>
        </thead>
        <tbody>
          {!data?.length ? (
            <LeereZeile spalten={4} laedt={isLoading} />
          ) : (
            data.map((b) => (
              <tr key={b.benutzer_id ?? 0}>
                <td>{b.kennnummer}</td>
                <td>
                  {b.benutzer_id ? (
                    <a href={href(`/benutzer/benutzer/${b.benutzer_id}`)}>{b.name}</a>
                  ) : (
                    'ohne Benutzer'
                  )}
                </td>
                <td className="zahl">{zahl(b.klicks)}</td>
                <td>{tag(b.letzter_klick)}</td>
              </tr>
            ))
          )}
        </tbody>
      </HTMLTable>
    </Rahmen>
  );
}
