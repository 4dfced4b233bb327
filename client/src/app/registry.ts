/**
 * The one registry of the client: the features' slices composed into the side menu of spec 000 §2,
 * the detail routes and the named dialogs. Each feature says what it has; only the menu layout
 * (which entry stands in which section) is decided here, because sections mix contexts.
 */
import { billing } from '../features/billing';
import { membership } from '../features/membership';
import { newsletter } from '../features/newsletter';
import { promotions } from '../features/promotions';
import { reporting } from '../features/reporting';
import { seminars } from '../features/seminars';
import { auftraege } from './auftraege';
import type {
  DetailRoute,
  FeatureSlice,
  MenuEntry,
  MenuSection,
  ResourceConfig,
  Screen,
} from '../resources/types';

const SLICES: FeatureSlice[] = [membership, seminars, newsletter, promotions, billing, reporting];

function entries(slice: FeatureSlice, ...keys: string[]): MenuEntry[] {
  return keys.map((key) => {
    const entry = slice.menu?.[key];
    if (!entry) throw new Error(`Menüeintrag ${key} fehlt`);
    return entry;
  });
}

export const MENU: MenuSection[] = [
  {
    title: 'Benutzer-Verwaltung',
    entries: [
      ...entries(membership, 'benutzer', 'emails', 'gruppen'),
      ...entries(seminars, 'bescheinigungen'),
      ...entries(reporting, 'gehaltsumfrage'),
    ],
  },
  {
    title: 'Seminar-Verwaltung',
    entries: entries(
      seminars,
      'typen',
      'seminare',
      'veranstaltungen',
      'inhalte',
      'referenten',
      'orte',
      'preisbezeichnung',
      'fachberatermarke',
    ),
  },
  {
    title: 'Newsletter-Verwaltung',
    entries: entries(newsletter, 'vorlagen', 'absender', 'newsletter', 'dispatcher', 'versendete'),
  },
  { title: 'Webseiten-Verwaltung', entries: entries(newsletter, 'websites', 'news') },
  { title: 'Seminar-Werbung', entries: entries(promotions, 'rabatte', 'gutscheine', 'abo') },
  { title: 'Verkauf', entries: entries(promotions, 'produkte', 'bundles', 'warenkoerbe') },
  {
    title: 'Rechnungswesen',
    entries: entries(
      billing,
      'kreise',
      'debitorKreise',
      'vorlagen',
      'texte',
      'vorgaenge',
      'gastanmeldungen',
      'rechnungen',
      'kontoauszuege',
      'seminarAbrechnung',
      'aboAbrechnung',
      'stornoOptionen',
    ),
  },
  {
    title: 'Auswertung',
    verband: 3,
    entries: entries(reporting, 'umsatz', 'seminare', 'newsletter', 'benutzer'),
  },
  {
    entries: [
      ...entries(seminars, 'downloads', 'pdfVorlagen'),
      ...entries(billing, 'datevImport', 'datevEinstellungen', 'verbandsdaten', 'gobd'),
      auftraege,
    ],
  },
];

export function menuFor(verband: number | null): MenuSection[] {
  return MENU.filter((section) => section.verband === undefined || section.verband === verband).map(
    (section) => ({
      ...section,
      entries: section.entries.filter((entry) => entry.verband === undefined || entry.verband === verband),
    }),
  );
}

/** The list configuration whose path is a prefix of `path` (longest first), with the section title. */
export function configForPath(path: string): { config: ResourceConfig; section?: string } | undefined {
  let best: { config: ResourceConfig; section?: string } | undefined;
  for (const section of MENU) {
    for (const config of section.entries) {
      const prefix = path === config.path || path.startsWith(`${config.path}/`);
      if (prefix && (!best || config.path.length > best.config.path.length))
        best = { config, section: section.title };
    }
  }
  return best;
}

export const DETAIL_ROUTES: DetailRoute[] = SLICES.flatMap((slice) => slice.routes ?? []);

export const DIALOGS: Record<string, Screen> = Object.assign(
  {},
  ...SLICES.map((slice) => slice.dialogs ?? {}),
);
