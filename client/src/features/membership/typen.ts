/**
 * The records the membership screens edit, in a module of their own so that a tab (Mitarbeiter,
 * Verband2, Mitglieder, CSV-Abgleich) never imports the screen that imports it.
 */
import type { GruppenWerte } from '../../../../common/gruppen';
import type { Row } from '../../resources/types';
import type { BenutzerFelder } from './benutzer-rules';

export type Gruppe = Row & GruppenWerte;

export type Benutzer = Row & BenutzerFelder & Record<string, unknown>;

export interface TabProps {
  record: Benutzer;
  change(patch: Partial<Benutzer>): void;
  errors: Record<string, string>;
}
