/** The reporting slice (spec 003 §2): the Auswertung section (verband 3) and the Gehaltsumfrage (verband 2). */
import { lazyScreen } from '../../lib/lazy';
import type { FeatureSlice } from '../../resources/types';
import { monatAusParam } from './auswahl';
import './reporting.css';

const load = {
  umsatz: () => import('./Umsatz'),
  seminare: () => import('./Seminare'),
  newsletter: () => import('./Newsletter'),
  benutzer: () => import('./Benutzer'),
  gehaltsumfrage: () => import('./Gehaltsumfrage'),
};

const UmsatzJahr = lazyScreen(load.umsatz, 'UmsatzJahr');
const UmsatzMonat = lazyScreen(load.umsatz, 'UmsatzMonat');
const SeminarAuswahl = lazyScreen(load.seminare, 'SeminarAuswahl');
const SeminarErgebnis = lazyScreen(load.seminare, 'SeminarErgebnis');
const NewsletterJahr = lazyScreen(load.newsletter, 'NewsletterJahr');
const NewsletterMonat = lazyScreen(load.newsletter, 'NewsletterMonat');
const NewsletterSeminar = lazyScreen(load.newsletter, 'NewsletterSeminar');
const NewsletterDispatcher = lazyScreen(load.newsletter, 'NewsletterDispatcher');
const BenutzerAuswertung = lazyScreen(load.benutzer, 'BenutzerAuswertung');
const Gehaltsumfrage = lazyScreen(load.gehaltsumfrage, 'Gehaltsumfrage');

/** Evaluations start in the current year (spec 003 §9). */
const jahr = { timeDefault: 'year' } as const;

const N = '/auswertung/newsletter/:monat';

export const reporting: FeatureSlice = {
  menu: {
    gehaltsumfrage: {
      path: '/benutzer/gehaltsumfrage',
      resource: 'gehaltsumfrage',
      label: 'Gehaltsumfrage',
      verband: 2,
      page: Gehaltsumfrage,
    },
    umsatz: {
      path: '/auswertung/umsatz',
      resource: 'rw-auswertung/umsatz',
      label: 'Umsatzprognose',
      page: UmsatzJahr,
      ...jahr,
    },
    seminare: {
      path: '/auswertung/seminare',
      resource: 'rw-auswertung/calc',
      label: 'Seminare',
      page: SeminarAuswahl,
      ...jahr,
    },
    newsletter: {
      path: '/auswertung/newsletter',
      resource: 'rw-auswertung/newsletter',
      label: 'Newsletter',
      page: NewsletterJahr,
      ...jahr,
    },
    benutzer: {
      path: '/auswertung/benutzer',
      resource: 'rw-auswertung/benutzer',
      label: 'Benutzer',
      page: BenutzerAuswertung,
      ...jahr,
    },
  },
  routes: [
    {
      pattern: '/auswertung/umsatz/:monat',
      crumb: 'Monat',
      render: ({ monat }) => <UmsatzMonat monat={monatAusParam(monat)} />,
    },
    { pattern: '/auswertung/seminare/selection', crumb: 'Ergebnis', render: () => <SeminarErgebnis /> },
    { pattern: N, crumb: 'Monat', render: ({ monat }) => <NewsletterMonat monat={monatAusParam(monat)} /> },
    {
      pattern: `${N}/:veranstaltungId`,
      crumb: 'Seminar',
      render: ({ monat, veranstaltungId }) => (
        <NewsletterSeminar monat={monatAusParam(monat)} veranstaltungId={veranstaltungId} />
      ),
    },
    {
      pattern: `${N}/:veranstaltungId/:dispatcherId`,
      crumb: 'Versendung',
      render: ({ monat, veranstaltungId, dispatcherId }) => (
        <NewsletterDispatcher
          monat={monatAusParam(monat)}
          veranstaltungId={veranstaltungId}
          dispatcherId={dispatcherId}
        />
      ),
    },
  ],
};
