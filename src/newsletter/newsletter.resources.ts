/** The plain resources of the newsletter context and the web part (spec 002 §3, spec 003 §3). */
import {
  defineResource,
  READ_ONLY,
  type ResourceDefinition,
} from '../platform/resources/resource-definition';
import { BEARBEITUNGSSTATUS, Newsletter } from './adapters/persistence/newsletter.entity';
import { NewsletterAbsender } from './adapters/persistence/newsletter-absender.entity';
import {
  DISPATCHER_TYPEN,
  NewsletterDispatcher,
  NewsletterVersand,
} from './adapters/persistence/newsletter-dispatcher.entity';
import {
  AUTO_TYPEN,
  EXTERNAL_DATA_TYPEN,
  NewsletterVorlage,
} from './adapters/persistence/newsletter-vorlage.entity';
import {
  absenderHooks,
  dispatcherHooks,
  newsHooks,
  newsletterHooks,
  vorlageHooks,
} from './adapters/persistence/newsletter.hooks';
import { StatistikNewsletter } from './adapters/persistence/statistik-newsletter.entity';
import { LOESCHBAR, NICHT_LOESCHBAR } from './domain/versand';
import { News, NEWS_TYPEN, VerbandWebsite } from './adapters/persistence/verband-website.entity';

export const newsletterResources: ResourceDefinition[] = [
  defineResource({
    name: 'verband-website',
    entity: VerbandWebsite,
    searchable: ['website', 'sonstiges'],
    defaultOrder: [['website', 'ASC']],
  }),
  defineResource({
    name: 'news',
    entity: News,
    searchable: ['titel'],
    enums: { typ: NEWS_TYPEN },
    defaultOrder: [['von', 'DESC']],
    hooks: newsHooks,
  }),
  defineResource({
    name: 'newsletter-absender',
    entity: NewsletterAbsender,
    searchable: ['name', 'email', 'reply_to'],
    defaultOrder: [['name', 'ASC']],
    hooks: absenderHooks,
  }),
  defineResource({
    name: 'newsletter-vorlagen',
    entity: NewsletterVorlage,
    searchable: ['titel', 'beschreibung', 'vorlage'],
    enums: { auto_typ: AUTO_TYPEN, external_data_type: EXTERNAL_DATA_TYPEN },
    defaultOrder: [['titel', 'ASC']],
    files: true,
    hooks: vorlageHooks,
  }),
  defineResource({
    name: 'newsletter',
    entity: Newsletter,
    searchable: ['titel', 'betreff'],
    // Spec 002 §4: starts as 'offen' and is maintained by the dispatch workflow only.
    // auto_schluessel: the automation's record of what it made (a copied newsletter is no automatic one).
    readOnly: ['bearbeitungsstatus', 'auto_schluessel'],
    enums: { bearbeitungsstatus: BEARBEITUNGSSTATUS },
    fieldTypes: { body: 'richtext', manual_versanduhrzeit: 'time' },
    defaultOrder: [['createdAt', 'DESC']],
    hooks: newsletterHooks,
  }),
  defineResource({
    name: 'newsletter-dispatcher',
    entity: NewsletterDispatcher,
    searchable: ['typ', 'info', 'error', 'Newsletter.titel'],
    enums: { typ: DISPATCHER_TYPEN },
    defaultOrder: [['versand_time', 'DESC']],
    // A sent dispatch is a record of what went out; only planned ones may change (spec 003 §7), and
    // only those whose recipients were not laid down yet may go (issue 31, domain/versand.ts).
    lockedWhen: { versendet: true },
    deletableWhen: LOESCHBAR,
    // Progress and completion are the dispatch workers' record (issue 15), not staff input.
    // The Info is the server's sentence about the dispatch (dispatcherHooks, issue 32).
    // Stopping and resuming are routes of their own (dispatcher.controller.ts).
    readOnly: [
      'versendet',
      'versendet_time',
      'empfaenger_time',
      'total',
      'sent',
      'failed',
      'info',
      'angehalten',
    ],
    hooks: dispatcherHooks,
    refusals: {
      update: 'Ein bereits versendeter Versand kann nicht mehr geändert werden.',
      delete: NICHT_LOESCHBAR,
    },
  }),
  defineResource({
    name: 'newsletter-versand',
    entity: NewsletterVersand,
    searchable: ['email', 'status'],
    defaultOrder: [['id', 'DESC']],
    fieldTypes: { versanduhrzeit: 'time' },
    // The dispatch log, written by the dispatch worker only; which run claimed a row is its business.
    operations: READ_ONLY,
    hidden: ['claim'],
  }),
  defineResource({
    name: 'statistik-newsletter',
    entity: StatistikNewsletter,
    searchable: ['link', 'url'],
    defaultOrder: [['datum', 'DESC']],
    fieldTypes: { uhrzeit: 'time' },
    // Clicks, recorded by the tracking link only.
    operations: READ_ONLY,
  }),
];
