/** The newsletter slice (spec 002 §2-§3, spec 003 §3): templates, senders, newsletters, dispatches, websites, news. */
import { lazyScreen } from '../../lib/lazy';
import type { FeatureSlice } from '../../resources/types';

import './newsletter.css';

const ListWithFiles = lazyScreen(() => import('../../components/ListWithFiles'), 'ListWithFiles');
const VorlageEdit = lazyScreen(() => import('./VorlageEdit'), 'VorlageEdit');
const NewsletterEdit = lazyScreen(() => import('./NewsletterEdit'), 'NewsletterEdit');
const NewsEdit = lazyScreen(() => import('./NewsEdit'), 'NewsEdit');
const WebsiteEdit = lazyScreen(() => import('./WebsiteEdit'), 'WebsiteEdit');
const DispatcherAnsicht = lazyScreen(() => import('./DispatcherAnsicht'), 'DispatcherAnsicht');
const Startseite = lazyScreen(() => import('./Startseite'), 'Startseite');

/** Progress of a dispatch in the lists (issue 15): sent of all recipients, failures. */
const fortschritt = (_: unknown, row: Record<string, unknown>) =>
  Number(row.total)
    ? `${Number(row.sent)} / ${Number(row.total)}${Number(row.failed) ? ` (${Number(row.failed)} Fehler)` : ''}`
    : '';

const oneYear = { timeDefault: 12 } as const;

export const newsletter: FeatureSlice = {
  menu: {
    vorlagen: {
      path: '/newsletter/vorlage',
      resource: 'newsletter-vorlagen',
      label: 'Vorlagen',
      page: ListWithFiles,
      edit: VorlageEdit,
      // Spec 002 §9.
      refreshInterval: 10000,
    },
    absender: { path: '/newsletter/absender', resource: 'newsletter-absender', label: 'Absender' },
    newsletter: {
      path: '/newsletter/newsletter',
      resource: 'newsletter',
      label: 'Newsletter',
      columns: [
        { field: 'id', type: 'number' },
        { field: 'titel' },
        { field: 'bearbeitungsstatus' },
        { field: 'auto_newsletter', type: 'boolean' },
        { field: 'allow_duplicate_email', type: 'boolean' },
      ],
      // The start page (app/routes.tsx HOME): the dashboard chart above the list (spec 003 §2).
      page: Startseite,
      // Spec 002 §2: the tabs, the recipient count, the preview and planning a dispatch.
      edit: NewsletterEdit,
      ...oneYear,
    },
    dispatcher: {
      path: '/newsletter/dispatcher',
      resource: 'newsletter-dispatcher',
      label: 'Dispatcher',
      // Spec 003 §3 and §4: the unsent ones.
      columns: [
        { field: 'newsletter_id' },
        { field: 'versand_time', type: 'datetime' },
        { field: 'versendet', type: 'boolean' },
        { field: 'versendet_time', type: 'datetime' },
        { field: 'auto_dispatcher', type: 'boolean' },
        { field: 'error' },
        { field: 'info' },
        { field: 'typ' },
        { field: 'sent', format: fortschritt },
      ],
      query: { where: { versendet: false } },
      timeField: 'versand_time',
      noCreate: true,
      edit: DispatcherAnsicht,
    },
    versendete: {
      path: '/newsletter/versendete',
      resource: 'newsletter-dispatcher',
      label: 'Versendete',
      columns: [
        { field: 'newsletter_id' },
        { field: 'versendet_time', type: 'datetime' },
        { field: 'typ' },
        { field: 'info' },
        { field: 'sent', format: fortschritt },
      ],
      query: { where: { versendet: true } },
      timeField: 'versendet_time',
      noCreate: true,
      // Spec 003 §2: the dispatch log of one sent dispatcher.
      edit: DispatcherAnsicht,
      ...oneYear,
    },
    websites: {
      path: '/website/websites',
      resource: 'verband-website',
      label: 'Webseiten',
      edit: WebsiteEdit,
    },
    news: { path: '/website/news', resource: 'news', label: 'News', edit: NewsEdit },
  },
};
