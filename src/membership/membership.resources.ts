/** The plain resources of the membership context (spec 000 §3, spec 001 §3). */
import { defineResource } from '../platform/resources/resource-definition';
import { Benutzer } from './adapters/persistence/benutzer.entity';
import { GRUPPEN_TYPEN, ZUORDNUNGEN } from '../../common/gruppen';
import {
  BenutzerBenutzerGruppe,
  BenutzerEmailGruppe,
  BenutzerGruppe,
} from './adapters/persistence/benutzer-gruppe.entity';
import {
  BenutzerAdresse,
  BenutzerEmail,
  BenutzerKonto,
} from './adapters/persistence/benutzer-kontakt.entity';
import { VerbandBezirk } from './adapters/persistence/verband-bezirk.entity';
import {
  benutzerHooks,
  emailHooks,
  gruppeHooks,
  kontoHooks,
  mitgliedHooks,
} from './adapters/persistence/membership.hooks';

export const membershipResources = [
  defineResource({
    name: 'benutzer',
    entity: Benutzer,
    searchable: [
      'kennnummer',
      'vorname',
      'nachname',
      'firma',
      'anzeigename',
      'benutzername',
      'Primaeremail.email',
    ],
    hidden: ['password'],
    display: ['anzeigename', 'kennnummer'],
    // Derived on every save (spec 000 §4); the hooks compute them.
    readOnly: ['anzeigename', 'ansprache', 'sortname', 'geloescht_am'],
    enums: { gender: ['male', 'female'] },
    hooks: benutzerHooks,
  }),
  defineResource({ name: 'benutzer-email', entity: BenutzerEmail, searchable: ['email'], hooks: emailHooks }),
  defineResource({
    name: 'benutzer-adresse',
    entity: BenutzerAdresse,
    searchable: ['bezeichnung', 'zeile1', 'zeile2', 'strasse', 'plz', 'ort'],
  }),
  defineResource({
    name: 'benutzer-konto',
    entity: BenutzerKonto,
    searchable: ['bezeichnung', 'inhaber', 'iban', 'bank'],
    display: ['bezeichnung', 'iban'],
    hooks: kontoHooks,
  }),
  defineResource({
    name: 'benutzer-gruppe',
    entity: BenutzerGruppe,
    searchable: ['name', 'beschreibung', 'typ', 'code'],
    enums: { typ: GRUPPEN_TYPEN, zuordnung: ZUORDNUNGEN },
    hooks: gruppeHooks,
  }),
  // The members of a group, listed, searched and sorted on its Emails and Benutzer tabs.
  defineResource({
    name: 'benutzer-benutzer-gruppe',
    entity: BenutzerBenutzerGruppe,
    searchable: ['Benutzer.anzeigename', 'Benutzer.kennnummer', 'Benutzer.firma'],
    hooks: mitgliedHooks('benutzer'),
  }),
  defineResource({
    name: 'benutzer-email-gruppe',
    entity: BenutzerEmailGruppe,
    searchable: ['Benutzer_Email.email'],
    hooks: mitgliedHooks('email'),
  }),
  defineResource({
    name: 'verband-bezirk',
    entity: VerbandBezirk,
    searchable: ['bezirk_name'],
    defaultOrder: [['bezirk_nummer', 'ASC']],
  }),
];
