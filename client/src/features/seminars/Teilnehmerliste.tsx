/**
 * The participant list of a seminar or one of its events (spec 002 §2–§4, issue 11): computed by
 * the server from the current bookings, refreshed every 30 s; participation toggles per row,
 * 'Nur aktive' remembered per staff user, the certificate release, the CSV export named
 * V-{lg_id}, certificates per row and merged, and the verband's list PDFs; the merged ones (all
 * certificates, the Serienbrief) run as long work with a progress bar (issue 18).
 */
import { AnchorButton, Button, Card, H4, HTMLSelect, HTMLTable, Spinner, Switch } from '@blueprintjs/core';
import { useState } from 'react';
import { enumLabel, fieldLabel } from '../../../../common/vocabulary';
import { navigate, useLocation } from '../../app/router';
import { dateiHerunterladen, type Dateiergebnis, type Melder } from '../../components/auftrag/auftrag';
import { AuftragFortschritt, useLangeArbeit } from '../../components/auftrag/AuftragFortschritt';
import { useUser } from '../../app/session';
import { api, resourcePath } from '../../lib/api';
import { exportCsv } from '../../lib/csv';
import { reportError } from '../../lib/errors';
import { csvAmount, formatAmount, formatDateValue } from '../../lib/format';
import type { Row } from '../../resources/types';
import {
  dokumentUrl,
  sammelpdf,
  setzeTeilnahme,
  useDatensatz,
  useTeilnehmerListe,
  type TeilnehmerZeile,
} from './api';
import { useApi } from '../../lib/hooks';

const S = '/seminare/veranstaltung';
const nurAktiveKey = (userId: number) => `teilnehmerNurAktive:${userId}`;

const name = (z: TeilnehmerZeile) =>
  [z.nachname, z.vorname].filter(Boolean).join(', ') || z.anzeigename || '';

/** The CSV columns by title (spec 002 §3). */
/** The booking types of a participant (the server joins them with ', '), in German. */
const buchungsTypen = (typen: string | null) =>
  (typen ?? '')
    .split(', ')
    .filter(Boolean)
    .map((typ) => enumLabel('rw-transaction', 'buchung_typ', typ))
    .join(', ');

const csvZeile = (z: TeilnehmerZeile): Row => ({
  Kennnummer: z.kennnummer ?? '',
  Vorname: z.vorname ?? '',
  Nachname: z.nachname ?? '',
  Anzeigename: z.anzeigename ?? '',
  Firma: z.firma ?? '',
  'E-Mail': z.email ?? '',
  Typ: buchungsTypen(z.typ),
  Betrag: csvAmount(z.betrag),
  Mitglied: z.mitglied ? 'ja' : 'nein',
  Teilnahme: z.teilnahme ? 'ja' : 'nein',
});

export function Teilnehmerliste({ veranstaltungId, eventId }: { veranstaltungId: number; eventId?: number }) {
  const user = useUser();
  const { query } = useLocation();
  const { data: seminar, mutate: seminarNeu } = useDatensatz<Row>('veranstaltung', veranstaltungId);
  const { data: events } = useApi<Row[]>(resourcePath('veranstaltung-event'), {
    where: { veranstaltung_id: veranstaltungId },
    attributes: ['id', 'datum', 'titel'],
    order: [['datum', 'ASC']],
  });
  const { data, isLoading, mutate } = useTeilnehmerListe(veranstaltungId, eventId);
  const [nurAktive, setNurAktive] = useState(() => localStorage.getItem(nurAktiveKey(user.id)) === 'true');
  const [busy, setBusy] = useState(false);
  const sammel = useLangeArbeit();
  const [einheit, setEinheit] = useState('Bescheinigungen');

  const zeilen = (data ?? []).filter((z) => !nurAktive || (z.is_in && z.teilnahme));
  const freigegeben = Boolean(seminar?.freigabe_teilnahme_bescheinigung);
  const csvName = query.get('csv_bez') ?? `V-${String(seminar?.lg_id ?? veranstaltungId)}`;

  const umschalten = async (z: TeilnehmerZeile, teilnahme: boolean) => {
    try {
      await setzeTeilnahme(teilnahme, {
        benutzer_id: z.benutzer_id as number,
        veranstaltung_id: veranstaltungId,
        event_ids: eventId ? [eventId] : [],
      });
      await mutate();
    } catch (error) {
      reportError(error);
    }
  };
  const freigeben = async (an: boolean) => {
    try {
      await api.put(resourcePath('veranstaltung', veranstaltungId), {
        freigabe_teilnahme_bescheinigung: an,
        version: seminar?.version,
      });
      await seminarNeu();
    } catch (error) {
      reportError(error);
    }
  };
  /** A batch PDF as long work: the bar counts its documents, then the browser saves the file. */
  const erstellen = async (
    gezaehlt: string,
    arbeit: (id: number, melde: Melder) => Promise<Dateiergebnis>,
  ) => {
    setEinheit(gezaehlt);
    try {
      dateiHerunterladen(await sammel.ausfuehren((melde) => arbeit(veranstaltungId, melde)));
    } catch (error) {
      reportError(error);
    }
  };
  const exportieren = async () => {
    setBusy(true);
    try {
      await exportCsv(zeilen.map(csvZeile), csvName);
    } catch (error) {
      reportError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card className="edit-frame teilnehmerliste">
      <div className="edit-header">
        <H4>
          Teilnehmer: {seminar ? `${String(seminar.lg_id ?? '')} ${String(seminar.titel)}` : veranstaltungId}
        </H4>
      </div>
      <div className="teilnehmer-werkzeuge">
        <HTMLSelect
          aria-label="Veranstaltung"
          value={eventId ?? ''}
          onChange={(e) =>
            navigate(
              `${S}/${veranstaltungId}/teilnehmer${e.currentTarget.value ? `/${e.currentTarget.value}` : ''}`,
            )
          }
          options={[
            { value: '', label: 'Gesamtes Seminar' },
            ...(events ?? []).map((e) => ({
              value: String(e.id),
              label: [formatDateValue(e.datum as string | null), e.titel].filter(Boolean).join(' – '),
            })),
          ]}
        />
        <Switch
          label="Nur aktive"
          checked={nurAktive}
          onChange={(e) => {
            const an = e.currentTarget.checked;
            localStorage.setItem(nurAktiveKey(user.id), String(an));
            setNurAktive(an);
          }}
        />
        <Switch
          label={fieldLabel('veranstaltung', 'freigabe_teilnahme_bescheinigung')}
          checked={freigegeben}
          disabled={!seminar}
          onChange={(e) => void freigeben(e.currentTarget.checked)}
        />
        <Button
          icon="export"
          text="CSV"
          loading={busy}
          disabled={zeilen.length === 0}
          onClick={exportieren}
        />
        <Button
          icon="document"
          text="Alle Bescheinigungen"
          // The bar below shows the work; a spinner in the button would say less.
          disabled={!freigegeben || sammel.laeuft}
          onClick={() => void erstellen('Bescheinigungen', sammelpdf.bescheinigungen)}
        />
        {user.verband === 2 && (
          <AnchorButton
            icon="th-list"
            text="Teilnehmerübersicht (PDF)"
            href={dokumentUrl.teilnehmeruebersicht(veranstaltungId)}
          />
        )}
        {user.verband === 3 && !eventId && (
          <Button
            icon="envelope"
            text="Serienbrief (PDF)"
            disabled={sammel.laeuft}
            onClick={() => void erstellen('Briefen', sammelpdf.serienbrief)}
          />
        )}
      </div>
      {sammel.laeuft && <AuftragFortschritt fortschritt={sammel.fortschritt} einheit={einheit} />}
      {isLoading ? (
        <Spinner aria-label="Daten werden geladen" />
      ) : (
        <HTMLTable compact striped className="teilnehmer-tabelle">
          <thead>
            <tr>
              <th>Kennnummer</th>
              <th>Name</th>
              <th>Firma</th>
              <th>E-Mail</th>
              <th>Typ</th>
              <th>Betrag</th>
              <th>Mitglied</th>
              <th>Teilnahme</th>
              <th>Bescheinigung</th>
            </tr>
          </thead>
          <tbody>
            {zeilen.map((z) => (
              <tr key={z.benutzer_id ?? name(z)} className={z.is_in ? undefined : 'nicht-gebucht'}>
                <td>{z.kennnummer}</td>
                <td>
                  {z.benutzer_id ? <a href={`#/benutzer/benutzer/${z.benutzer_id}`}>{name(z)}</a> : name(z)}
                </td>
                <td>{z.firma}</td>
                <td>{z.email}</td>
                <td>{buchungsTypen(z.typ)}</td>
                <td className="betrag">{formatAmount(z.betrag)}</td>
                <td>{z.mitglied ? 'ja' : 'nein'}</td>
                <td>
                  <Switch
                    aria-label={`Teilnahme ${name(z)}`}
                    checked={z.teilnahme}
                    disabled={z.benutzer_id === null || !z.is_in}
                    onChange={(e) => void umschalten(z, e.currentTarget.checked)}
                  />
                </td>
                <td>
                  {z.benutzer_id !== null && (
                    <AnchorButton
                      small
                      icon="document"
                      aria-label={`Bescheinigung ${name(z)}`}
                      disabled={!freigegeben || !z.teilnahme}
                      href={dokumentUrl.bescheinigung(veranstaltungId, z.benutzer_id)}
                    />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      {!isLoading && zeilen.length === 0 && <p className="bp6-text-muted">Keine Teilnehmer.</p>}
    </Card>
  );
}
