/**
 * User groups (spec 001 §3, §4, §9; spec 000 §3): their types, the automatic rules staff can pick,
 * and what a change of type or rule does to the other fields. Pure rules shared by the server's
 * membership domain (enforced on save) and the client's group window (applied while editing), so
 * that both behave the same.
 */

export const GRUPPEN_TYPEN = ['Teilnehmer', 'NWG', 'Intern', 'Datev', 'Auto', 'Bezirk'] as const;
export type GruppenTyp = (typeof GRUPPEN_TYPEN)[number];

export const ZUORDNUNGEN = ['alle', 'benutzer', 'email'] as const;
export type Zuordnung = (typeof ZUORDNUNGEN)[number];

/** What one link of a group holds: a Benutzer or one of its e-mails. */
export type MitgliedArt = 'benutzer' | 'email';

/** The types offered when editing (spec 001 §9); Teilnehmer only for existing groups. */
export const SCHNELLGRUPPEN_TYPEN: readonly GruppenTyp[] = ['NWG', 'Intern', 'Datev', 'Auto'];

/** What an automatic rule needs besides its code, edited with the group. */
export type RegelParameter = 'bezirk' | 'berufe' | 'abo_storno' | 'jahr';

export interface AutoRegelInfo {
  code: string;
  name: string;
  beschreibung: string;
  parameter?: RegelParameter;
}

/**
 * The constants table of the automatic rules (spec 000 §3, spec 001 §3): every rule selects only
 * activated Benutzer. The server compiles each code into one SQL selection
 * (src/membership/domain/auto-regeln.ts).
 */
export const AUTO_REGELN = [
  {
    code: 'auto_mitglieder',
    name: 'Mitglieder (eigene)',
    beschreibung: 'Alle Benutzer mit dem Merkmal „Mitglied“.',
  },
  {
    code: 'auto_mitglieder_alle',
    name: 'Mitglieder (alle)',
    beschreibung: 'Mitglieder und die Mitarbeiter von Mitgliedern.',
  },
  {
    code: 'auto_mitglieder_mitarbeiter',
    name: 'Mitarbeiter von Mitgliedern',
    beschreibung: 'Benutzer, deren Firma oder Arbeitgeber Mitglied ist.',
  },
  {
    code: 'auto_nichtmitglieder',
    name: 'Nichtmitglieder (eigene)',
    beschreibung: 'Benutzer ohne Merkmal „Mitglied“, die zu keiner Firma gehören.',
  },
  {
    code: 'auto_nichtmitglieder_alle',
    name: 'Nichtmitglieder (alle)',
    beschreibung: 'Nichtmitglieder und die Mitarbeiter von Nichtmitgliedern.',
  },
  {
    code: 'auto_nichtmitglieder_mitarbeiter',
    name: 'Mitarbeiter von Nichtmitgliedern',
    beschreibung: 'Benutzer, deren Firma oder Arbeitgeber kein Mitglied ist.',
  },
  { code: 'auto_maennlich', name: 'Männlich', beschreibung: 'Benutzer mit dem Geschlecht „männlich“.' },
  { code: 'auto_weiblich', name: 'Weiblich', beschreibung: 'Benutzer mit dem Geschlecht „weiblich“.' },
  {
    code: 'auto_geschlecht_ohne',
    name: 'Geschlecht nicht angegeben',
    beschreibung: 'Benutzer ohne Angabe des Geschlechts (auch Firmen).',
  },
  {
    code: 'auto_bezirk',
    name: 'Bezirksmitglieder',
    beschreibung: 'Mitglieder des gewählten Bezirks.',
    parameter: 'bezirk',
  },
  {
    code: 'auto_verbandsmitarbeiter',
    name: 'Verbandsmitarbeiter',
    beschreibung: 'Benutzer mit dem Merkmal „Verbandsmitarbeiter“.',
  },
  { code: 'auto_referenten', name: 'Referenten', beschreibung: 'Benutzer mit dem Merkmal „Referent“.' },
  {
    code: 'auto_berufsbezeichnung',
    name: 'Berufsbezeichnung',
    beschreibung: 'Benutzer mit einer der gewählten Berufsbezeichnungen.',
    parameter: 'berufe',
  },
  {
    code: 'auto_stb_neuzugelassen',
    name: 'Neu zugelassene StB (alle)',
    beschreibung: 'Benutzer, deren StB-Datum in den letzten 6 Monaten liegt.',
  },
  {
    code: 'auto_stb_neuzugelassen_mitglieder',
    name: 'Neu zugelassene StB (Mitglieder)',
    beschreibung: 'Mitglieder, deren StB-Datum in den letzten 6 Monaten liegt.',
  },
  {
    code: 'auto_stb_neuzugelassen_nichtmitglieder',
    name: 'Neu zugelassene StB (Nichtmitglieder)',
    beschreibung: 'Nichtmitglieder, deren StB-Datum in den letzten 6 Monaten liegt.',
  },
  {
    code: 'auto_stb_neuzugelassen_pro_jahr',
    name: 'Neu zugelassene StB (pro Jahr)',
    beschreibung: 'Benutzer, deren StB-Datum im gewählten Jahr liegt.',
    parameter: 'jahr',
  },
  {
    code: 'auto_kein_newsletter',
    name: 'Kein Newsletter gewünscht',
    beschreibung: 'Benutzer mit dem Merkmal „Kein Newsletter“.',
  },
  {
    code: 'auto_abo_storno',
    name: 'Abo-Kündigungen',
    beschreibung:
      'Benutzer, die ein Abo mit dem Stichwort im Titel gekündigt haben, auf Wunsch nur im gewählten Zeitraum.',
    parameter: 'abo_storno',
  },
] as const satisfies readonly AutoRegelInfo[];

export type AutoCode = (typeof AUTO_REGELN)[number]['code'];

export function autoRegel(code: string | null | undefined): AutoRegelInfo | undefined {
  return (AUTO_REGELN as readonly AutoRegelInfo[]).find((regel) => regel.code === code);
}

/** The keys of the group's data object (spec 001 §3). */
export interface GruppenDaten {
  auto_abo_storno_stichwort?: string | null;
  auto_abo_storno_date_von?: string | null;
  auto_abo_storno_date_bis?: string | null;
  auto_stb_neuzugelassen_jahr?: number | null;
  [key: string]: unknown;
}

export interface GruppenWerte {
  typ?: GruppenTyp | null;
  zuordnung?: Zuordnung | null;
  newsletter?: boolean | null;
  verbandsintern?: boolean | null;
  code?: string | null;
  name?: string | null;
  beschreibung?: string | null;
  veranstaltung_id?: number | null;
  veranstaltung_event_id?: number | null;
  gueltig_bis?: string | null;
  data?: GruppenDaten | null;
}

const JAHR = 'auto_stb_neuzugelassen_jahr';
const PRO_JAHR: AutoCode = 'auto_stb_neuzugelassen_pro_jahr';

/** Participant and automatic groups hold Benutzer; the other types start as e-mail groups. */
export function zuordnungFuer(typ: GruppenTyp): Zuordnung {
  return typ === 'Teilnehmer' || typ === 'Auto' ? 'benutzer' : 'email';
}

const leer = (text: string | null | undefined) => !text || text.trim() === '';
const gegeben = <K extends keyof GruppenWerte>(eingabe: GruppenWerte, key: K) => eingabe[key] !== undefined;

/**
 * The type and rule transitions of spec 001 §4 as one function: `vorher` is the group as it stands
 * (empty for a new one), `eingabe` what staff changed; the result is `eingabe` plus what the change
 * implies for the other fields. Values given in `eingabe` win over the defaults a type brings
 * (newsletter, verbandsintern, zuordnung), so that a whole record sent on save keeps its choices;
 * the server refuses combinations that contradict the type (membership domain, gruppen-regeln.ts).
 */
export function gruppeFolgt(vorher: GruppenWerte, eingabe: GruppenWerte, jahr: number): GruppenWerte {
  const folge: GruppenWerte = { ...eingabe };
  const typ = eingabe.typ;
  if (typ && typ !== vorher.typ) {
    if (!gegeben(eingabe, 'zuordnung')) folge.zuordnung = zuordnungFuer(typ);
    if (typ !== 'Teilnehmer') {
      if (!gegeben(eingabe, 'veranstaltung_id')) folge.veranstaltung_id = null;
      if (!gegeben(eingabe, 'veranstaltung_event_id')) folge.veranstaltung_event_id = null;
    }
    if (!gegeben(eingabe, 'newsletter')) folge.newsletter = typ === 'NWG';
    if (!gegeben(eingabe, 'verbandsintern')) folge.verbandsintern = typ !== 'NWG';
  }
  const code = eingabe.code;
  if (code !== undefined && code !== vorher.code) {
    const regel = autoRegel(code);
    if (regel && leer(eingabe.name ?? vorher.name)) folge.name = regel.name;
    if (regel && leer(eingabe.beschreibung ?? vorher.beschreibung)) folge.beschreibung = regel.beschreibung;
    const data: GruppenDaten = { ...(eingabe.data ?? vorher.data ?? {}) };
    if (code === PRO_JAHR) data[JAHR] = eingabe.data?.[JAHR] ?? jahr;
    else delete data[JAHR];
    folge.data = data;
  }
  return folge;
}

/** The type choices of the window: the quick-group types, Teilnehmer for existing groups, and the group's own. */
export function angeboteneTypen(neu: boolean, aktuell?: GruppenTyp | null): GruppenTyp[] {
  const typen: GruppenTyp[] = [...SCHNELLGRUPPEN_TYPEN, ...(neu ? [] : ['Teilnehmer' as const])];
  return aktuell && !typen.includes(aktuell) ? [...typen, aktuell] : typen;
}

/** Fields of a participant group that follow its seminar and cannot be edited (spec 001 §4). */
export const TEILNEHMER_FELDER = ['veranstaltung_id', 'veranstaltung_event_id', 'gueltig_bis'] as const;

export function gesperrteFelder(typ: GruppenTyp | null | undefined): readonly string[] {
  return typ === 'Teilnehmer' ? TEILNEHMER_FELDER : [];
}

/**
 * The assignments a group may take (spec 001 §5): while it holds Benutzer it cannot become an
 * e-mail group, and the other way round, so no member disappears from its tabs.
 */
export function erlaubteZuordnungen(inhalt: { benutzer: number; emails: number }): Zuordnung[] {
  return ZUORDNUNGEN.filter(
    (z) => !(z === 'email' && inhalt.benutzer > 0) && !(z === 'benutzer' && inhalt.emails > 0),
  );
}

/** Whether a group with this assignment holds Benutzer or e-mails (its Benutzer and Emails tabs). */
export function haeltArt(zuordnung: Zuordnung | null | undefined, art: MitgliedArt): boolean {
  return zuordnung === 'alle' || zuordnung === art;
}

/** The CSV comparison adds e-mails unless the group holds only Benutzer. */
export function abgleichArt(zuordnung: Zuordnung | null | undefined): MitgliedArt {
  return zuordnung === 'benutzer' ? 'benutzer' : 'email';
}

/** The success message of an add (spec 001 §8). */
export const hinzugefuegtMeldung = (anzahl: number) =>
  `Es wurden ${anzahl} neue Benutzer/Emails erfolgreich zur Gruppe hinzugefügt!`;

/** The success message of a refill (spec 001 §8). */
export const aufgefuelltMeldung = (ergebnis: { created: number; deleted: number }) =>
  `Es wurden ${ergebnis.created} Benutzer hinzugefügt und ${ergebnis.deleted} Benutzer entfernt!`;
