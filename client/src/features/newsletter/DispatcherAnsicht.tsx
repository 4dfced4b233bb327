/**
 * One dispatch (issue 15): /newsletter/dispatcher/{id} while planned or sending, and the dispatch
 * log /newsletter/versendete/{id} (spec 003 §2): its newsletter and time, the progress (sent and
 * failed of all recipients) refreshed while it sends, the recipients' rows (failures first), and
 * withdrawing the newsletter's dispatches that have not started.
 */
import { Button, Callout, Intent, ProgressBar, Tag } from '@blueprintjs/core';
import { enumLabels, fieldLabel } from '../../../../common/vocabulary';
import { navigate } from '../../app/router';
import { EditFrame, RecordNotFound } from '../../components/EditFrame';
import { RelatedTable } from '../../components/RelatedTable';
import { api, resourcePath } from '../../lib/api';
import { confirm } from '../../lib/dialogs';
import { errorMessage, isNotFound, reportError, reportUnlessNotFound } from '../../lib/errors';
import { invalidateResource, useApi } from '../../lib/hooks';
import { formatDateValue } from '../../lib/format';
import { showToast } from '../../lib/toaster';
import type { ColumnDef, EditProps, Row } from '../../resources/types';

/** While a dispatch sends, its progress is fetched this often. */
const FORTSCHRITT_MS = 2000;
/** Rows shown; failures come first, so they are never cut off. */
const ZEILEN = 1000;

const label = (feld: string) => fieldLabel('newsletter-versand', feld) ?? feld;

const SPALTEN: ColumnDef[] = [
  { field: 'email', label: label('email') },
  {
    field: 'status',
    label: label('status'),
    type: 'enum',
    enumLabels: enumLabels('newsletter-versand', 'status'),
  },
  { field: 'versanddatum', label: label('versanddatum'), type: 'date' },
  { field: 'versanduhrzeit', label: label('versanduhrzeit') },
  { field: 'versuche', label: label('versuche') },
  { field: 'naechster_versuch', label: label('naechster_versuch'), type: 'datetime' },
  { field: 'fehler', label: label('fehler') },
];

export function DispatcherAnsicht({ config, id }: EditProps) {
  const { data: dispatcher, error } = useApi<Row>(
    resourcePath('newsletter-dispatcher', id),
    { include: [{ association: 'Newsletter', attributes: ['id', 'titel'] }] },
    { refreshInterval: (d) => (d?.versendet ? 0 : FORTSCHRITT_MS), onError: reportUnlessNotFound },
  );
  // The same request as the table below: SWR shares it, so this also refreshes the table while sending.
  const { data: protokoll } = useApi<Row[]>(
    resourcePath('newsletter-versand'),
    {
      where: { newsletter_dispatcher_id: Number(id) },
      order: [
        ['status', 'ASC'],
        ['id', 'ASC'],
      ],
      limit: ZEILEN,
    },
    { refreshInterval: dispatcher?.versendet ? 0 : FORTSCHRITT_MS },
  );
  // Why rows wait (issue 31): a lost worker, retries at a time with the SMTP answer, stopped.
  const { data: warten } = useApi<{ gruende: string[] }>(
    dispatcher && !dispatcher.versendet ? `${resourcePath('newsletter-dispatcher', id)}/wartegruende` : null,
    undefined,
    { refreshInterval: FORTSCHRITT_MS },
  );
  if (isNotFound(error)) return <RecordNotFound onBack={() => navigate(config.path)} />;
  if (error) return <Callout intent={Intent.DANGER}>{errorMessage(error)}</Callout>;
  const total = Number(dispatcher?.total ?? 0);
  const sent = Number(dispatcher?.sent ?? 0);
  const failed = Number(dispatcher?.failed ?? 0);
  const newsletter = dispatcher?.Newsletter as Row | undefined;
  const begonnen = total > 0;

  const unversendeteLoeschen = async () => {
    if (!newsletter) return;
    const ok = await confirm(
      'Wollen Sie alle noch nicht versendeten Dispatcher dieses Newsletters löschen?',
      {
        confirmText: 'Löschen',
        danger: true,
      },
    );
    if (!ok) return;
    try {
      const { deleted } = await api.delete<{ deleted: number }>(
        `/api/newsletter/${newsletter.id}/delete_dispatcher`,
      );
      invalidateResource('newsletter-dispatcher');
      showToast(`${deleted} Dispatcher gelöscht`, Intent.SUCCESS);
      navigate(config.path);
    } catch (fehler) {
      reportError(fehler);
    }
  };

  /** A route of the dispatch (issue 31): stop, resume, send the failed ones again. */
  const aktion = async (pfad: string, frage: string, erfolg: (antwort: Row) => string) => {
    if (!(await confirm(frage, { confirmText: 'Ja' }))) return;
    try {
      const antwort = await api.post<Row>(`/api/newsletter-dispatcher/${id}/${pfad}`, {});
      invalidateResource('newsletter-dispatcher');
      invalidateResource('newsletter-versand');
      showToast(erfolg(antwort), Intent.SUCCESS);
    } catch (fehler) {
      reportError(fehler);
    }
  };
  const angehalten = Boolean(dispatcher?.angehalten);

  const zustand = dispatcher?.versendet
    ? 'Versendet'
    : angehalten
      ? 'Angehalten'
      : begonnen
        ? 'Wird versendet'
        : 'Geplant';
  return (
    <EditFrame
      title={`Dispatcher ${id}: ${String(newsletter?.titel ?? '')}`}
      loading={!dispatcher}
      footer={<Button onClick={() => navigate(config.path)}>Schließen</Button>}
      actions={
        <>
          {failed > 0 && (
            <Button
              icon="refresh"
              onClick={() =>
                void aktion(
                  'fehlgeschlagene_erneut_senden',
                  `Die ${failed} fehlgeschlagenen Empfänger dieses Versands erneut senden?`,
                  (antwort) => `${String(antwort.erneut)} Empfänger werden erneut gesendet`,
                )
              }
            >
              Fehlgeschlagene erneut senden
            </Button>
          )}
          {dispatcher && !dispatcher.versendet && !angehalten && (
            <Button
              icon="pause"
              onClick={() =>
                void aktion(
                  'anhalten',
                  'Diesen Versand anhalten? Bereits gesendete E-Mails bleiben gesendet.',
                  () => 'Versand angehalten',
                )
              }
            >
              Versand anhalten
            </Button>
          )}
          {dispatcher && !dispatcher.versendet && angehalten && (
            <Button
              icon="play"
              intent={Intent.PRIMARY}
              onClick={() =>
                void aktion('fortsetzen', 'Diesen Versand fortsetzen?', () => 'Versand fortgesetzt')
              }
            >
              Versand fortsetzen
            </Button>
          )}
          {!dispatcher?.versendet && (
            <Button icon="trash" intent={Intent.DANGER} onClick={() => void unversendeteLoeschen()}>
              Unversendete Dispatcher löschen
            </Button>
          )}
        </>
      }
    >
      <div className="dispatcher-kopf">
        <Tag
          intent={dispatcher?.versendet ? Intent.SUCCESS : angehalten ? Intent.WARNING : Intent.PRIMARY}
          large
        >
          {zustand}
        </Tag>
        <span>
          {fieldLabel('newsletter-dispatcher', 'versand_time')}:{' '}
          {formatDateValue(dispatcher?.versand_time as string | null)}
        </span>
        {Boolean(dispatcher?.versendet_time) && (
          <span>
            {fieldLabel('newsletter-dispatcher', 'versendet_time')}:{' '}
            {formatDateValue(dispatcher?.versendet_time as string)}
          </span>
        )}
      </div>
      <div className="dispatcher-fortschritt" aria-label="Fortschritt">
        <ProgressBar
          value={total ? (sent + failed) / total : 0}
          intent={failed ? Intent.WARNING : Intent.SUCCESS}
          animate={!dispatcher?.versendet && begonnen}
          stripes={!dispatcher?.versendet}
        />
        <span className="dispatcher-zahlen">
          {sent} von {total} versendet{failed ? `, ${failed} fehlgeschlagen` : ''}
        </span>
      </div>
      {Boolean(warten?.gruende.length) && (
        <Callout intent={Intent.WARNING} title="Warum Empfänger warten" className="dispatcher-wartegruende">
          <ul>
            {warten!.gruende.map((grund) => (
              <li key={grund}>{grund}</li>
            ))}
          </ul>
        </Callout>
      )}
      <RelatedTable
        resource="newsletter-versand"
        query={{
          where: { newsletter_dispatcher_id: Number(id) },
          order: [
            ['status', 'ASC'],
            ['id', 'ASC'],
          ],
          limit: ZEILEN,
        }}
        columns={SPALTEN}
      />
      {protokoll && protokoll.length >= ZEILEN && (
        <Callout>Es werden die ersten {ZEILEN} Empfänger gezeigt (Fehlgeschlagene zuerst).</Callout>
      )}
    </EditFrame>
  );
}
