/**
 * One dispatch (issue 15): /newsletter/dispatcher/{id} while planned or sending, and the dispatch
 * log /newsletter/versendete/{id} (spec 003 §2): its newsletter and time, the progress (sent and
 * failed of all recipients) refreshed while it sends, the recipients' rows (failures first), and
 * withdrawing the newsletter's dispatches that have not started.
 */
import { Button, Callout, Intent, ProgressBar, Tag } from '@blueprintjs/core';
import { enumLabels, fieldLabel } from '../../../../common/vocabulary';
import { navigate } from '../../app/router';
import { EditFrame } from '../../components/EditFrame';
import { RelatedTable } from '../../components/RelatedTable';
import { api, resourcePath } from '../../lib/api';
import { confirm } from '../../lib/dialogs';
import { reportError } from '../../lib/errors';
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
  { field: 'fehler', label: label('fehler') },
];

export function DispatcherAnsicht({ config, id }: EditProps) {
  const { data: dispatcher, error } = useApi<Row>(
    resourcePath('newsletter-dispatcher', id),
    { include: [{ association: 'Newsletter', attributes: ['id', 'titel'] }] },
    { refreshInterval: (d) => (d?.versendet ? 0 : FORTSCHRITT_MS) },
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
  if (error) return <Callout intent={Intent.DANGER}>Der Dispatcher wurde nicht gefunden.</Callout>;
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

  const zustand = dispatcher?.versendet ? 'Versendet' : begonnen ? 'Wird versendet' : 'Geplant';
  return (
    <EditFrame
      title={`Dispatcher ${id}: ${String(newsletter?.titel ?? '')}`}
      loading={!dispatcher}
      footer={<Button onClick={() => navigate(config.path)}>Schließen</Button>}
      actions={
        !dispatcher?.versendet && (
          <Button icon="trash" intent={Intent.DANGER} onClick={() => void unversendeteLoeschen()}>
            Unversendete Dispatcher löschen
          </Button>
        )
      }
    >
      <div className="dispatcher-kopf">
        <Tag intent={dispatcher?.versendet ? Intent.SUCCESS : Intent.PRIMARY} large>
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
