/** The membership windows below a user (spec 000 §2), matched before the registry's list routes. */
import type { ReactNode } from 'react';
import './membership.css';
import { BuchungsUebersicht } from './BuchungsUebersicht';
import { EmailEdit } from './EmailEdit';
import { BenutzerZusammenfuehren, MitarbeiterZusammenfuehren } from './Zusammenfuehren';

export interface DetailRoute {
  pattern: string;
  /** Gets the path parameters, all record ids except a 'new' e-mail. */
  render(params: Record<string, number>, raw: Record<string, string>): ReactNode;
}

const B = '/benutzer/benutzer/:id';

export const MEMBERSHIP_ROUTES: DetailRoute[] = [
  { pattern: `${B}/rw`, render: ({ id }) => <BuchungsUebersicht id={id} variante="benutzer" /> },
  { pattern: `${B}/teilnehmer-rw`, render: ({ id }) => <BuchungsUebersicht id={id} variante="teilnehmer" /> },
  { pattern: `${B}/zusammenfuehren`, render: ({ id }) => <BenutzerZusammenfuehren id={id} /> },
  {
    pattern: '/benutzer/benutzer/:parentId/mitarbeiter_zusammenfueren/:id',
    render: ({ parentId, id }) => <MitarbeiterZusammenfuehren parentId={parentId} id={id} />,
  },
  { pattern: `${B}/email/:emailId`, render: ({ id }, raw) => <EmailEdit benutzerId={id} id={raw.emailId} /> },
];
