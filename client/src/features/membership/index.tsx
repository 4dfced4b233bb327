/** The membership slice (spec 000 §2, spec 001 §2): Benutzer, e-mails, groups and their windows. */
import { lazy } from 'react';
import { autoRegel } from '../../../../common/gruppen';
import { lazyScreen } from '../../lib/lazy';
import './membership.css';
import type { FeatureSlice } from '../../resources/types';

const load = {
  edit: () => import('./BenutzerEdit'),
  email: () => import('./EmailEdit'),
  buchungen: () => import('./BuchungsUebersicht'),
  merge: () => import('./Zusammenfuehren'),
  kontakte: () => import('./Kontakte'),
  mitarbeiter: () => import('./Mitarbeiter'),
  passwort: () => import('./Passwort'),
  gruppe: () => import('./GruppeEdit'),
  mitglieder: () => import('./GruppenMitglieder'),
};

const BenutzerEdit = lazyScreen(load.edit, 'BenutzerEdit');
const EmailListEdit = lazyScreen(load.email, 'EmailListEdit');
const EmailEdit = lazyScreen(load.email, 'EmailEdit');
const BuchungsUebersicht = lazyScreen(load.buchungen, 'BuchungsUebersicht');
const BenutzerZusammenfuehren = lazyScreen(load.merge, 'BenutzerZusammenfuehren');
const MitarbeiterZusammenfuehren = lazyScreen(load.merge, 'MitarbeiterZusammenfuehren');

const KontaktDialog = lazyScreen(load.kontakte, 'KontaktDialog');
const GruppeEdit = lazyScreen(load.gruppe, 'GruppeEdit');
const MitgliedOeffnen = lazyScreen(load.mitglieder, 'MitgliedOeffnen');

const kontaktMerge = (name: string) =>
  lazy(async () => ({ default: (await load.merge()).kontaktMergeDialog(name) }));

const B = '/benutzer/benutzer/:id';

export const membership: FeatureSlice = {
  menu: {
    benutzer: {
      path: '/benutzer/benutzer',
      resource: 'benutzer',
      label: 'Benutzer',
      // Spec 003 §3.
      columns: [
        { field: 'id', type: 'number' },
        { field: 'kennnummer' },
        { field: 'anzeigename' },
        { field: 'vorname' },
        { field: 'nachname' },
        { field: 'Primaeremail.email', label: 'Email' },
        { field: 'atr_mitglied', type: 'boolean' },
        { field: 'firma' },
        { field: 'berufsbezeichnung' },
        { field: 'parent_id' },
        { field: 'aktiviert', type: 'boolean' },
        { field: 'data.seminar_teilnahmen', type: 'number' },
      ],
      query: { include: [{ association: 'Primaeremail', attributes: ['id', 'email'] }] },
      edit: BenutzerEdit,
      title: (row) =>
        String(row.anzeigename || [row.vorname, row.nachname].filter(Boolean).join(' ') || row.id),
    },
    emails: {
      path: '/benutzer/email',
      resource: 'benutzer-email',
      label: 'Emails',
      columns: [{ field: 'id', type: 'number' }, { field: 'email' }, { field: 'benutzer_id' }],
      edit: EmailListEdit,
    },
    gruppen: {
      path: '/benutzer/gruppe',
      resource: 'benutzer-gruppe',
      label: 'Gruppen',
      columns: [
        { field: 'id', type: 'number' },
        { field: 'typ' },
        { field: 'name' },
        { field: 'zuordnung' },
        { field: 'code', format: (code) => autoRegel(String(code))?.name ?? String(code) },
      ],
      edit: GruppeEdit,
      title: (row) => String(row.name || row.id),
    },
  },
  dialogs: {
    Benutzer_Adresse: KontaktDialog,
    Benutzer_Konto: KontaktDialog,
    Benutzer_Mitarbeiter: lazyScreen(load.mitarbeiter, 'MitarbeiterDialog'),
    PasswordSet: lazyScreen(load.passwort, 'PasswordSetDialog'),
    EmailsZusammenfuehren: kontaktMerge('EmailsZusammenfuehren'),
    AdressenZusammenfuehren: kontaktMerge('AdressenZusammenfuehren'),
    KontenZusammenfuehren: kontaktMerge('KontenZusammenfuehren'),
  },
  routes: [
    {
      pattern: `${B}/rw`,
      crumb: 'Buchungen',
      render: ({ id }) => <BuchungsUebersicht id={id} variante="benutzer" />,
    },
    {
      pattern: `${B}/teilnehmer-rw`,
      crumb: 'Buchungen als Teilnehmer',
      render: ({ id }) => <BuchungsUebersicht id={id} variante="teilnehmer" />,
    },
    {
      pattern: `${B}/zusammenfuehren`,
      crumb: 'Zusammenführen',
      render: ({ id }) => <BenutzerZusammenfuehren id={id} />,
    },
    {
      pattern: '/benutzer/benutzer/:parentId/mitarbeiter_zusammenfueren/:id',
      crumb: 'Mitarbeiter zusammenführen',
      render: ({ parentId, id }) => <MitarbeiterZusammenfuehren parentId={parentId} id={id} />,
    },
    {
      pattern: '/benutzer/gruppe/:id/benutzer/:linkId',
      crumb: 'Benutzer',
      render: ({ linkId }) => <MitgliedOeffnen art="benutzer" linkId={linkId} />,
    },
    {
      pattern: '/benutzer/gruppe/:id/email/:linkId',
      crumb: 'Email',
      render: ({ linkId }) => <MitgliedOeffnen art="email" linkId={linkId} />,
    },
    {
      pattern: `${B}/email/:emailId`,
      crumb: 'Email',
      render: ({ id }, raw) => <EmailEdit benutzerId={id} id={raw.emailId} />,
    },
  ],
};
