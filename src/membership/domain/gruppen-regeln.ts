/**
 * What a user group must keep true (spec 001 §3–§5, §7): the type transitions of common/gruppen.ts
 * applied on every save, the combinations a type forbids, and who may be added to which group.
 */
import { DomainError } from '../../shared/domain-error';
import {
  erlaubteZuordnungen,
  gesperrteFelder,
  gruppeFolgt,
  haeltArt,
  type GruppenWerte,
  type MitgliedArt,
} from '../../../common/gruppen';
import { enumLabel, labelFor } from '../../../common/vocabulary';
import { regelFehler, type RegelGruppe } from './auto-regeln';

export type GruppenStand = GruppenWerte & RegelGruppe & { id?: number };

/** The members a group holds now, by kind. */
export interface GruppenInhalt {
  benutzer: number;
  emails: number;
}

const label = (feld: string) => labelFor('benutzer-gruppe', feld);
const zuordnungText = (wert: string) => `„${enumLabel('benutzer-gruppe', 'zuordnung', wert)}“`;

/** Stored and sent values compare equal when both are empty or the same (a date may come back as a Date). */
function gleich(a: unknown, b: unknown): boolean {
  const norm = (v: unknown) => (v === undefined || v === '' ? null : v instanceof Date ? v.toISOString() : v);
  return norm(a) === norm(b);
}

/**
 * The values a save stores: `eingabe` with the transitions of spec 001 §4 applied against the
 * stored group (`vorher`, undefined for a new one). Refuses what the type forbids with field
 * messages (400), and an assignment that would hide existing members with a conflict (409).
 */
export function gruppeSpeichern(
  vorher: GruppenStand | undefined,
  eingabe: GruppenStand,
  jahr: number,
  inhalt: GruppenInhalt,
): GruppenStand {
  const werte: GruppenStand = { ...eingabe, ...gruppeFolgt(vorher ?? {}, eingabe, jahr) };
  const nachher: GruppenStand = { ...vorher, ...werte };
  const fehler: Record<string, string> = {};
  if (!vorher && nachher.typ === 'Teilnehmer')
    fehler.typ =
      'darf bei neuen Gruppen nicht „Teilnehmer“ sein (Teilnehmer-Gruppen entstehen mit ihrem Seminar)';
  if (vorher) {
    for (const feld of gesperrteFelder(nachher.typ)) {
      const key = feld as keyof GruppenStand;
      if (feld in werte && !gleich(werte[key], vorher[key]))
        fehler[feld] = 'kann bei Teilnehmer-Gruppen nicht geändert werden';
    }
  }
  if (nachher.typ !== 'Teilnehmer') {
    for (const feld of ['veranstaltung_id', 'veranstaltung_event_id'] as const)
      if (nachher[feld] !== null && nachher[feld] !== undefined)
        fehler[feld] = 'ist nur bei Teilnehmer-Gruppen zulässig';
  }
  if ((nachher.typ === 'Teilnehmer' || nachher.typ === 'Auto') && nachher.zuordnung !== 'benutzer')
    fehler.zuordnung = `muss bei ${nachher.typ}-Gruppen ${zuordnungText('benutzer')} sein`;
  if (nachher.typ === 'Auto') Object.assign(fehler, regelFehler(nachher));
  if (Object.keys(fehler).length > 0) throw DomainError.fields(fehler, label);

  const zuordnung = nachher.zuordnung;
  if (
    vorher &&
    zuordnung &&
    zuordnung !== vorher.zuordnung &&
    !erlaubteZuordnungen(inhalt).includes(zuordnung)
  ) {
    const art = zuordnung === 'email' ? 'Benutzer' : 'E-Mails';
    throw DomainError.conflict(
      'ZUORDNUNG_BELEGT',
      `Die Gruppe enthält ${art}: die Zuordnung ${zuordnungText(zuordnung)} ist erst möglich, wenn sie entfernt sind.`,
    );
  }
  return werte;
}

export interface GruppenKopf {
  id: number;
  name: string;
  typ: string;
  zuordnung: string;
  newsletter?: boolean;
}

/**
 * Whether staff may add members of `art` by hand: not to an automatic group (its rule decides and
 * the next refill would undo it) and only what the assignment holds (spec 001 §2).
 */
export function pruefeHinzufuegen(gruppe: GruppenKopf, art: MitgliedArt): void {
  if (gruppe.typ === 'Auto') {
    throw DomainError.conflict(
      'AUTO_GRUPPE',
      `„${gruppe.name}“ ist eine automatische Gruppe: ihre Mitglieder bestimmt die Regel, nicht die Hand.`,
    );
  }
  if (!haeltArt(gruppe.zuordnung as GruppenWerte['zuordnung'], art)) {
    const andere = art === 'benutzer' ? 'E-Mails' : 'Benutzer';
    throw DomainError.conflict(
      'FALSCHE_ZUORDNUNG',
      `Die Gruppe „${gruppe.name}“ nimmt nur ${andere} auf (Zuordnung ${zuordnungText(gruppe.zuordnung)}).`,
    );
  }
}

/** The newsletter-group fill (spec 001 §7) is for newsletter groups only. */
export function pruefeNewsletterFuellen(gruppe: GruppenKopf): void {
  pruefeHinzufuegen(gruppe, gruppe.zuordnung === 'benutzer' ? 'benutzer' : 'email');
  if (!gruppe.newsletter) {
    throw DomainError.conflict(
      'KEINE_NEWSLETTER_GRUPPE',
      `„${gruppe.name}“ ist keine Newsletter-Gruppe: nur diese werden mit den Newsletter-Empfängern gefüllt.`,
    );
  }
}

/** Only groups of type Auto have a rule to refill from. */
export function pruefeAuffuellbar(gruppe: GruppenKopf): void {
  if (gruppe.typ !== 'Auto') {
    throw DomainError.conflict(
      'KEINE_AUTO_GRUPPE',
      `„${gruppe.name}“ ist keine automatische Gruppe (Typ ${gruppe.typ}): nur Auto-Gruppen werden nach ihrer Regel befüllt.`,
    );
  }
}

/** Unknown ids are refused as a whole: nothing is added when one of them does not exist. */
export function unbekannteIds(art: MitgliedArt, ids: number[]): DomainError {
  const was = art === 'benutzer' ? 'Benutzer' : 'E-Mails';
  return DomainError.invalid(
    'UNBEKANNTE_IDS',
    `Unbekannte ${was} (IDs ${aufzaehlen(ids.map(String))}); es wurde nichts hinzugefügt.`,
  );
}

/** A list for a message, cut after 20 entries. */
function aufzaehlen(werte: string[]): string {
  return werte.length > 20 ? `${werte.slice(0, 20).join(', ')}, …` : werte.join(', ');
}

/** The nightly refill runs at 01:00 UTC (02:00 or 03:00 in Berlin): the first such instant after `jetzt`. */
export function naechsterNachtlauf(jetzt: Date): Date {
  const heute = new Date(Date.UTC(jetzt.getUTCFullYear(), jetzt.getUTCMonth(), jetzt.getUTCDate(), 1));
  return heute > jetzt ? heute : new Date(heute.getTime() + 24 * 3600 * 1000);
}
