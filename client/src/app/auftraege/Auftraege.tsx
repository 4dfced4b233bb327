/**
 * Aufträge (issue 15 "Processes"): the background jobs of all processes by name, as counts per
 * state, and the failed jobs of the chosen name with their reason, attempts and times; staff retry
 * one, and both tables refresh. Names and states in German; the data of a job only by its ids.
 */
import { Button, Callout, Card, H4, H5, HTMLTable, Intent, Spinner, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { mutate } from 'swr';
import { errorMessage, reportError } from '../../lib/errors';
import { formatDateValue } from '../../lib/format';
import { showToast } from '../../lib/toaster';
import {
  useErledigte,
  useFehlgeschlagene,
  useUebersicht,
  wiederholen,
  type Auftrag,
  type Zaehlung,
  type Zustand,
} from './api';
import { auftragsname, betrifft } from './namen';
import './auftraege.css';

const SPALTEN: { zustand: Zustand; label: string }[] = [
  { zustand: 'waiting', label: 'Wartend' },
  { zustand: 'active', label: 'Aktiv' },
  { zustand: 'delayed', label: 'Geplant' },
  { zustand: 'failed', label: 'Fehlgeschlagen' },
  { zustand: 'completed', label: 'Erledigt' },
];

/** The dashboard's answers are under /node/api/auftraege; after a retry all of them are fetched again. */
const aktualisieren = () => mutate((key) => typeof key === 'string' && key.startsWith('/node/api/auftraege'));

const nachName = (a: Zaehlung, b: Zaehlung) => auftragsname(a.name).localeCompare(auftragsname(b.name), 'de');

function Zaehlungen({
  zeilen,
  gewaehlt,
  waehlen,
}: {
  zeilen: Zaehlung[];
  gewaehlt?: string;
  waehlen: (name: string) => void;
}) {
  return (
    <HTMLTable compact interactive className="auftraege-zaehlung" aria-label="Aufträge nach Zustand">
      <thead>
        <tr>
          <th>Auftrag</th>
          {SPALTEN.map(({ zustand, label }) => (
            <th key={zustand} className="zahl">
              {label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {zeilen.length === 0 && (
          <tr>
            <td colSpan={SPALTEN.length + 1} className="list-empty">
              keine Daten vorhanden
            </td>
          </tr>
        )}
        {[...zeilen].sort(nachName).map((zeile) => (
          <tr
            key={zeile.name}
            data-auftrag={zeile.name}
            className={zeile.name === gewaehlt ? 'gewaehlt' : undefined}
            onClick={() => waehlen(zeile.name)}
          >
            <td title={zeile.name}>{auftragsname(zeile.name)}</td>
            {SPALTEN.map(({ zustand }) => (
              <td key={zustand} className="zahl" data-zustand={zustand}>
                {zustand === 'failed' && zeile.failed > 0 ? (
                  <Tag intent={Intent.DANGER} round>
                    {zeile.failed}
                  </Tag>
                ) : (
                  zeile[zustand]
                )}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}

function Fehlgeschlagene({ name, anzahl }: { name: string; anzahl: number }) {
  const { data, error, isLoading } = useFehlgeschlagene(name);
  const [laeuft, setLaeuft] = useState<string>();

  const erneut = async (auftrag: Auftrag) => {
    setLaeuft(auftrag.id);
    try {
      await wiederholen(auftrag);
      showToast(`Auftrag ${auftrag.id} wird erneut versucht`, Intent.SUCCESS);
    } catch (fehler) {
      reportError(fehler);
    } finally {
      setLaeuft(undefined);
      await aktualisieren();
    }
  };

  return (
    <section className="auftraege-fehlgeschlagen" aria-label={`Fehlgeschlagen: ${auftragsname(name)}`}>
      <H5>Fehlgeschlagen: {auftragsname(name)}</H5>
      {error && <Callout intent={Intent.DANGER}>{errorMessage(error)}</Callout>}
      <HTMLTable compact striped>
        <thead>
          <tr>
            <th>Nr.</th>
            <th>Betrifft</th>
            <th>Fehler</th>
            <th className="zahl">Versuche</th>
            <th>Angelegt</th>
            <th>Fehlgeschlagen am</th>
            <th aria-label="Aktionen" />
          </tr>
        </thead>
        <tbody>
          {(!data || data.length === 0) && (
            <tr>
              <td colSpan={7} className="list-empty">
                {isLoading ? 'Daten werden geladen' : 'keine Daten vorhanden'}
              </td>
            </tr>
          )}
          {data?.map((auftrag) => (
            <tr key={auftrag.id} data-auftrag-id={auftrag.id}>
              <td>{auftrag.id}</td>
              <td>{betrifft(auftrag.dataIds)}</td>
              <td className="auftraege-fehler">{auftrag.failedReason}</td>
              <td className="zahl">
                {auftrag.attemptsMade} von {auftrag.attempts}
              </td>
              <td>{formatDateValue(auftrag.createdAt)}</td>
              <td>{formatDateValue(auftrag.finishedAt)}</td>
              <td>
                <Button
                  size="small"
                  icon="refresh"
                  intent={Intent.PRIMARY}
                  text="Erneut versuchen"
                  loading={laeuft === auftrag.id}
                  onClick={() => void erneut(auftrag)}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
      {data && anzahl > data.length && (
        <Callout>
          Es werden die neuesten {data.length} von {anzahl} fehlgeschlagenen Aufträgen gezeigt.
        </Callout>
      )}
    </section>
  );
}

/** What a finished run reported last (its counts), when it reported anything. */
const ergebnis = (auftrag: Auftrag) =>
  typeof auftrag.progress === 'object' ? (auftrag.progress.schritt ?? '') : '';

/** The chosen name's latest finished runs with their counts (the daily Abo run says what it booked). */
function Erledigte({ name }: { name: string }) {
  const { data } = useErledigte(name);
  if (!data || data.length === 0) return null;
  return (
    <section className="auftraege-erledigt" aria-label={`Erledigt: ${auftragsname(name)}`}>
      <H5>Zuletzt erledigt: {auftragsname(name)}</H5>
      <HTMLTable compact striped>
        <thead>
          <tr>
            <th>Nr.</th>
            <th>Beendet am</th>
            <th>Ergebnis</th>
          </tr>
        </thead>
        <tbody>
          {data.map((auftrag) => (
            <tr key={auftrag.id} data-auftrag-id={auftrag.id}>
              <td>{auftrag.id}</td>
              <td>{formatDateValue(auftrag.finishedAt)}</td>
              <td>{ergebnis(auftrag)}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </section>
  );
}

export function Auftraege() {
  const { data, error, isLoading } = useUebersicht();
  const [gewaehlt, setGewaehlt] = useState<string>();
  // Until staff choose, the first name with failed jobs (what the screen is usually opened for); it
  // stays chosen when its failures are retried, so that staff see the list empty out.
  const vorschlag = data?.find((zeile) => zeile.failed > 0)?.name;
  if (gewaehlt === undefined && vorschlag !== undefined) setGewaehlt(vorschlag);
  const zeile = data?.find((z) => z.name === gewaehlt);
  return (
    <Card className="edit-frame auftraege" data-screen="auftraege">
      <div className="edit-header">
        <H4>Aufträge</H4>
        {isLoading && <Spinner size={20} aria-label="Daten werden geladen" />}
      </div>
      <p className="bp6-text-muted">
        Hintergrundaufträge aller Prozesse, alle 5 Sekunden aktualisiert. Eine Zeile wählen, um ihre
        fehlgeschlagenen Aufträge zu sehen.
      </p>
      {error && <Callout intent={Intent.DANGER}>{errorMessage(error)}</Callout>}
      {data && <Zaehlungen zeilen={data} gewaehlt={gewaehlt} waehlen={setGewaehlt} />}
      {zeile && <Fehlgeschlagene key={zeile.name} name={zeile.name} anzahl={zeile.failed} />}
      {zeile && zeile.completed > 0 && <Erledigte key={`erledigt-${zeile.name}`} name={zeile.name} />}
    </Card>
  );
}
