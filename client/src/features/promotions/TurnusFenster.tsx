/**
 * One period of an Abo, /werbung/abo/{abo_id}/{id} (spec 003 §4, §7; issue 30): its conditions,
 * its seminars and events — added with the pickers, removed one by one after a question — with the
 * warning when one lies outside the period; saving may adjust the bookings' transactions
 * (`force_update_transactions`, the answer's count shown as spec 003 §7 words it). Only the latest
 * period of the timeline can be removed.
 */
import { Button, Callout, Checkbox, HTMLTable, Intent, Tag } from '@blueprintjs/core';
import { useState, type ReactNode } from 'react';
import { navigate } from '../../app/router';
import { EditFrame, SaveButtons, useEditRecord } from '../../components/EditFrame';
import { Field } from '../../components/FieldForm';
import { MitMetadaten } from '../../components/MitMetadaten';
import { api, request, resourcePath } from '../../lib/api';
import { confirm } from '../../lib/dialogs';
import { reportError } from '../../lib/errors';
import { invalidateResource, useApi } from '../../lib/hooks';
import { formatGermanDate } from '../../lib/masks';
import { showToast } from '../../lib/toaster';
import { editFields, linkLoading, type ResourceMeta } from '../../resources/meta';
import type { FieldOverride, Row } from '../../resources/types';
import { ausserhalb, vorgaengeAngepasst } from './turnus';

interface Props {
  aboPath: string;
  aboId: number;
  id: number;
}

export function TurnusFenster(props: Props) {
  return <MitMetadaten resource="wb-abo-turnus" render={(meta) => <Turnus {...props} meta={meta} />} />;
}

const tag = (wert: unknown) => (typeof wert === 'string' ? wert.slice(0, 10) : null);

function Turnus({ aboPath, aboId, id, meta }: Props & { meta: ResourceMeta }) {
  const zurueck = `${aboPath}/${aboId}`;
  const edit = useEditRecord<Row>({
    resource: 'wb-abo-turnus',
    listPath: zurueck,
    closePath: zurueck,
    id: String(id),
    ...linkLoading(meta),
  });
  const { record, errors, change } = edit;
  const [anpassen, setAnpassen] = useState(false);
  const seminarIds = (record.Veranstaltungs as number[] | undefined) ?? [];
  const eventIds = (record.Events as number[] | undefined) ?? [];
  const { data: seminare } = useApi<Row[]>(seminarIds.length ? resourcePath('veranstaltung') : null, {
    where: { id: { $in: seminarIds } },
    attributes: ['id', 'titel', 'lg_id', 'beginn', 'ende'],
  });
  const { data: events } = useApi<Row[]>(eventIds.length ? resourcePath('veranstaltung-event') : null, {
    where: { id: { $in: eventIds } },
    attributes: ['id', 'titel', 'lg_id', 'datum', 'veranstaltung_id'],
  });
  const { data: turni } = useApi<Row[]>(resourcePath('wb-abo-turnus'), {
    where: { wb_abo_id: aboId },
    attributes: ['id', 'von'],
    order: [['von', 'DESC']],
  });
  const letzter = turni?.[0]?.id === id;
  const periode = { von: tag(record.von), bis: tag(record.bis) };

  const felder = (overrides: FieldOverride[]): ReactNode =>
    editFields(meta, overrides).map((def) => (
      <Field key={def.name} field={def} record={record} onChange={change} error={errors[def.name]} />
    ));

  const speichernMitAnpassung = async () => {
    try {
      const body = Object.fromEntries(
        Object.entries(record).filter(
          ([k, v]) => !['createdAt', 'updatedAt', 'WB_Abo'].includes(k) && v !== undefined,
        ),
      );
      const antwort = await request<Row>('PUT', resourcePath('wb-abo-turnus', id), {
        body,
        query: { force_update_transactions: true },
      });
      const n = Number(antwort.rw_transactions_changed ?? 0);
      showToast(
        n > 0 ? vorgaengeAngepasst(n) : 'Turnus gespeichert, keine Vorgänge angepasst',
        n > 0 ? Intent.WARNING : Intent.SUCCESS,
      );
      invalidateResource('rw-transaction');
      await edit.reload();
    } catch (error) {
      reportError(error);
    }
  };

  const entfernen = async (art: 'veranstaltung' | 'event', row: Row) => {
    const was = art === 'veranstaltung' ? 'das Seminar' : 'die Veranstaltung';
    if (!(await confirm(`Soll ${was} „${String(row.titel ?? row.id)}“ aus diesem Turnus entfernt werden?`)))
      return;
    try {
      await request('DELETE', `${resourcePath('wb-abo-turnus', id)}/${art}`, {
        body:
          art === 'veranstaltung'
            ? { veranstaltung_id: row.id }
            : { veranstaltung_id: row.veranstaltung_id, veranstaltung_event_id: row.id },
      });
      await edit.reload();
    } catch (error) {
      reportError(error);
    }
  };

  const loeschen = async () => {
    if (!(await confirm('Soll dieser Turnus gelöscht werden?'))) return;
    try {
      await api.delete(resourcePath('wb-abo-turnus', id));
      invalidateResource('wb-abo-turnus');
      navigate(zurueck);
    } catch (error) {
      reportError(error);
    }
  };

  const zeile = (art: 'veranstaltung' | 'event', row: Row) => {
    const termin =
      art === 'veranstaltung'
        ? { von: tag(row.beginn), bis: tag(row.ende) }
        : { von: tag(row.datum), bis: tag(row.datum) };
    const warnung = ausserhalb(periode, termin)
      ? art === 'veranstaltung'
        ? 'Seminar liegt ausßerhalb des Turnus'
        : 'Veranstaltung liegt ausßerhalb des Turnus'
      : null;
    return (
      <tr key={`${art}-${String(row.id)}`}>
        <td>{art === 'veranstaltung' ? 'Seminar' : 'Veranstaltung'}</td>
        <td>{String(row.lg_id ?? '')}</td>
        <td>{String(row.titel ?? '')}</td>
        <td>
          {[termin.von, termin.bis !== termin.von ? termin.bis : null]
            .filter(Boolean)
            .map((d) => formatGermanDate(d!))
            .join(' – ')}
        </td>
        <td>
          {warnung && (
            <Tag className="turnus-warnung" intent={Intent.WARNING} minimal icon="warning-sign">
              {warnung}
            </Tag>
          )}
        </td>
        <td>
          <Button
            small
            minimal
            icon="trash"
            aria-label={`${String(row.titel ?? row.id)} entfernen`}
            onClick={() => void entfernen(art, row)}
          />
        </td>
      </tr>
    );
  };

  return (
    <EditFrame
      title={`Abo-Turnus ${periode.von ? formatGermanDate(periode.von) : ''} – ${periode.bis ? formatGermanDate(periode.bis) : ''}`}
      loading={edit.loading}
      notFound={edit.notFound}
      onBack={edit.close}
      actions={
        letzter && (
          <Button icon="trash" intent={Intent.DANGER} text="Turnus löschen" onClick={() => void loeschen()} />
        )
      }
      footer={
        <>
          <Checkbox
            inline
            label="Vorgänge der Buchungen anpassen"
            checked={anpassen}
            onChange={(e) => setAnpassen(e.currentTarget.checked)}
          />
          {anpassen ? (
            <Button
              intent={Intent.PRIMARY}
              icon="floppy-disk"
              text="Speichern"
              onClick={() => void speichernMitAnpassung()}
            />
          ) : (
            <SaveButtons edit={edit} />
          )}
        </>
      }
    >
      <div className="form-columns turnus-felder">
        <section>
          {felder(['von', 'bis', { name: 'preis', min: 0 }, { name: 'mwst', min: 0, max: 100 }, 'pause'])}
        </section>
        <section>
          {felder([
            { name: 'preisgarantie', min: 1, decimals: 0 },
            { name: 'verlaengerung', min: 1, decimals: 0 },
            { name: 'kuendigungsfrist', min: 0, decimals: 0 },
          ])}
        </section>
      </div>
      {felder(['Veranstaltungs', 'Events'])}
      {seminarIds.length + eventIds.length === 0 ? (
        <Callout icon="info-sign">Diesem Turnus sind keine Seminare oder Veranstaltungen zugeordnet.</Callout>
      ) : (
        <HTMLTable compact striped className="turnus-termine">
          <thead>
            <tr>
              <th>Art</th>
              <th>LG-ID</th>
              <th>Titel</th>
              <th>Termin</th>
              <th />
              <th />
            </tr>
          </thead>
          <tbody>
            {(seminare ?? []).map((row) => zeile('veranstaltung', row))}
            {(events ?? []).map((row) => zeile('event', row))}
          </tbody>
        </HTMLTable>
      )}
    </EditFrame>
  );
}
