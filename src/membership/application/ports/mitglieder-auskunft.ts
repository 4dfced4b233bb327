/**
 * Port: what membership offers other contexts about Benutzer and their groups (exported by
 * MembershipModule; implemented in adapters/persistence). Other contexts read through it and never
 * import membership's application or entities' queries.
 */
import type { Personenkonto } from '../../../shared/datev/debitoren-kreditoren';

export interface Anschreiben {
  benutzer_id: number;
  kennnummer: string | null;
  anzeigename: string | null;
  /** The opening line, 'Sehr geehrter Herr Dr. Müller' (maintained with the Benutzer). */
  ansprache: string | null;
  /** The primary e-mail, null without one. */
  email: string | null;
}

export interface AdressAuswahl {
  /** Groups whose members are written to. */
  gruppen: number[];
  /** Groups whose members are never written to. */
  ausschluss: number[];
  /** One mail per Benutzer even where several share an address; otherwise one per address. */
  duplikate: boolean;
}

export interface Adresse {
  benutzer_id: number;
  email: string;
}

/** A seminar or event whose Teilnehmer group is asked for (spec 002 §5). */
export interface TeilnehmerZiel {
  veranstaltung_id: number | null;
  veranstaltung_event_id: number | null;
}

export abstract class MitgliederAuskunft {
  /** The Benutzer with this kennnummer, or null. */
  abstract anschreibenNachKennnummer(kennnummer: string): Promise<Anschreiben | null>;
  /** The Benutzer with these ids, by id (a mail run addresses many at once). */
  abstract anschreibenNachIds(ids: number[]): Promise<Map<number, Anschreiben>>;
  /**
   * The postal address block of these Benutzer, name included, by id (domain/postanschrift.ts:
   * member address, invoice address, else the first active one); one without an address is left out.
   */
  abstract postanschriften(ids: number[]): Promise<Map<number, string[]>>;
  /**
   * The addresses the groups reach: a member linked as Benutzer by its primary e-mail, a member
   * linked by e-mail (e-mail groups) by that e-mail; without Benutzer who opted out of newsletters
   * or are deactivated; without Benutzer of an exclusion group and addresses linked to one; each
   * address once (or once per Benutzer with `duplikate`). Computed without loading the groups.
   */
  abstract adressen(auswahl: AdressAuswahl): Promise<Adresse[]>;
  /** How many addresses `adressen` would answer. */
  abstract adressenAnzahl(auswahl: AdressAuswahl): Promise<number>;
  /** The ids of `ids` that name an existing group. */
  abstract vorhandeneGruppen(ids: number[]): Promise<Set<number>>;
  /** The ids of the groups the Benutzer is a member of (as a Benutzer, not by e-mail). */
  abstract gruppenVon(benutzerId: number): Promise<number[]>;
  /** The Teilnehmer group of an event, else of a seminar, or null when there is none. */
  abstract teilnehmerGruppe(ziel: TeilnehmerZiel): Promise<number | null>;
  /**
   * One-click unsubscribe (RFC 8058): the Benutzer gets no more newsletters, audited as the
   * recipient's own change. True when this changed something (a second click changes nothing).
   */
  abstract newsletterAbbestellen(benutzerId: number): Promise<boolean>;
  /** The DATEV debtor numbers (Personenkonten) of these Benutzer, by id; one without is left out. */
  abstract debitorNummern(ids: number[]): Promise<Map<number, number>>;
  /**
   * The DATEV Personenkonten of every Benutzer with a debtor number (issue 29), by number: name,
   * invoice address, e-mail and account. Erased Benutzer are left out.
   */
  abstract personenkonten(): Promise<Personenkonto[]>;
  /** Whether this member of staff holds the admin right now (active staff with `atr_verband_admin`). */
  abstract istAdministrator(benutzerId: number): Promise<boolean>;
}
