/** The queue dashboard's menu entry: a screen of its own, not a resource list. */
import { lazyScreen } from '../../lib/lazy';
import type { MenuEntry } from '../../resources/types';

const Auftraege = lazyScreen(() => import('./Auftraege'), 'Auftraege');

export const auftraege: MenuEntry = {
  path: '/auftraege',
  resource: 'auftraege',
  label: 'Aufträge',
  page: Auftraege,
};
