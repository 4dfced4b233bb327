/**
 * The participant list of a seminar (spec 002 §3, §4): who is booked, on which events, and who
 * did not take part. Computed from the current bookings alone, so it, the certificates and the
 * seminars' teilnehmer_count always agree.
 */
export interface Person {
  id: number;
  kennnummer: string | null;
  vorname: string | null;
  nachname: string | null;
  titel: string | null;
  firma: string | null;
  anzeigename: string | null;
  ansprache: string | null;
  email: string | null;
  atr_mitglied: boolean;
  berufsbezeichnung: string | null;
  stb_datum: string | null;
  parent: { id: number; kennnummer: string | null; anzeigename: string | null; firma: string | null } | null;
}

export interface Buchung {
  id: number;
  /** Null: the whole seminar is booked (all its events). */
  veranstaltung_event_id: number | null;
  betrag: number | null;
  buchung_typ: string | null;
  teilnehmer: string | null;
  person: Person | null;
}

/** A recorded absence: from the whole seminar (event null) or from one event. */
export interface NichtTeilnahme {
  id: number;
  benutzer_id: number;
  veranstaltung_event_id: number | null;
}

export interface TeilnehmerZeile {
  /** Null for a guest booked by name only. */
  benutzer_id: number | null;
  kennnummer: string | null;
  vorname: string | null;
  nachname: string | null;
  anzeigename: string | null;
  ansprache: string | null;
  firma: string | null;
  email: string | null;
  /** The booking types, e.g. 'Mitglied'. */
  typ: string | null;
  /** The sum of the participant's current bookings in euros. */
  betrag: number;
  mitglied: boolean;
  berufsbezeichnung: string | null;
  stb_datum: string | null;
  parent: Person['parent'];
  /** The events the participant is booked on. */
  event_ids: number[];
  /** Takes part: in the event asked for, or in at least one booked event of the seminar. */
  teilnahme: boolean;
  /** The absences recorded for the participant (their ids, for undoing them). */
  nicht_teilnahme: NichtTeilnahme[];
  /** Booked on the event asked for (always true for the whole seminar). */
  is_in: boolean;
}

const cent = (euro: number | null) => Math.round((euro ?? 0) * 100);

/** The events a participant attends: booked ones without an absence (the whole seminar's counts for all). */
export function besuchteEvents(zeile: Pick<TeilnehmerZeile, 'event_ids' | 'nicht_teilnahme'>): number[] {
  if (zeile.nicht_teilnahme.some((n) => n.veranstaltung_event_id === null)) return [];
  const fehlt = new Set(zeile.nicht_teilnahme.map((n) => n.veranstaltung_event_id));
  return zeile.event_ids.filter((id) => !fehlt.has(id));
}

/** What counting asks of a current booking: who takes part (a Benutzer, else the name booked) and in what. */
export interface Teilnahme {
  id: number;
  /** Null: the whole seminar is booked (all its events). */
  veranstaltung_event_id: number | null;
  teilnehmer: string | null;
  person: { id: number } | null;
}

/** One participant's bookings with the events they cover and the absences recorded. */
interface Gruppe<B extends Teilnahme> {
  buchungen: B[];
  event_ids: number[];
  nicht_teilnahme: NichtTeilnahme[];
}

/**
 * The bookings by participant: one per Benutzer, a guest by the name booked (each nameless guest on
 * its own). A whole-seminar booking covers all of `alleEvents`.
 */
function nachTeilnehmer<B extends Teilnahme>(
  buchungen: B[],
  nichtTeilnahmen: NichtTeilnahme[],
  alleEvents: number[],
): Gruppe<B>[] {
  const gruppen = new Map<string, Gruppe<B> & { events: Set<number> }>();
  for (const b of buchungen) {
    const p = b.person;
    const key = p ? `b${p.id}` : `g${b.teilnehmer ?? b.id}`;
    let gruppe = gruppen.get(key);
    if (!gruppe) {
      const nicht_teilnahme = p ? nichtTeilnahmen.filter((n) => n.benutzer_id === p.id) : [];
      gruppe = { buchungen: [], event_ids: [], nicht_teilnahme, events: new Set() };
      gruppen.set(key, gruppe);
    }
    gruppe.buchungen.push(b);
    for (const id of b.veranstaltung_event_id === null ? alleEvents : [b.veranstaltung_event_id])
      gruppe.events.add(id);
  }
  return [...gruppen.values()].map(({ events, ...gruppe }) => ({
    ...gruppe,
    event_ids: [...events].sort((x, y) => x - y),
  }));
}

/**
 * Whether a participant takes part: in the event `eventId`, or (without it) in the seminar — not
 * absent from all of it, and attending at least one booked event when any is booked.
 */
function nimmtTeil(
  gruppe: Pick<TeilnehmerZeile, 'event_ids' | 'nicht_teilnahme'>,
  eventId?: number,
): boolean {
  const besucht = besuchteEvents(gruppe);
  if (eventId !== undefined) return besucht.includes(eventId);
  const ganzAbwesend = gruppe.nicht_teilnahme.some((n) => n.veranstaltung_event_id === null);
  return !ganzAbwesend && (gruppe.event_ids.length === 0 || besucht.length > 0);
}

/**
 * One row per participant, sorted by name. `alleEvents` are the seminar's event ids (a whole
 * booking covers them all); with `eventId` the rows say whether each is booked on that event.
 */
export function teilnehmerListe(
  buchungen: Buchung[],
  nichtTeilnahmen: NichtTeilnahme[],
  alleEvents: number[],
  eventId?: number,
): TeilnehmerZeile[] {
  return nachTeilnehmer(buchungen, nichtTeilnahmen, alleEvents)
    .map(({ buchungen: eigene, event_ids, nicht_teilnahme }): TeilnehmerZeile => {
      const [{ person: p, teilnehmer }] = eigene;
      const typen = new Set(eigene.flatMap((b) => (b.buchung_typ ? [b.buchung_typ] : [])));
      return {
        benutzer_id: p?.id ?? null,
        kennnummer: p?.kennnummer ?? null,
        vorname: p?.vorname ?? null,
        nachname: p?.nachname ?? null,
        anzeigename: p?.anzeigename ?? teilnehmer,
        ansprache: p?.ansprache ?? null,
        firma: p?.firma ?? p?.parent?.firma ?? null,
        email: p?.email ?? null,
        typ: [...typen].join(', ') || null,
        betrag: eigene.reduce((summe, b) => summe + cent(b.betrag), 0) / 100,
        mitglied: p?.atr_mitglied ?? false,
        berufsbezeichnung: p?.berufsbezeichnung ?? null,
        stb_datum: p?.stb_datum ?? null,
        parent: p?.parent ?? null,
        event_ids,
        teilnahme: nimmtTeil({ event_ids, nicht_teilnahme }, eventId),
        nicht_teilnahme,
        is_in: eventId === undefined || event_ids.includes(eventId),
      };
    })
    .sort(
      (a, b) =>
        (a.nachname ?? a.anzeigename ?? '').localeCompare(b.nachname ?? b.anzeigename ?? '', 'de') ||
        (a.vorname ?? '').localeCompare(b.vorname ?? '', 'de'),
    );
}

/**
 * The counts kept in veranstaltung and veranstaltung_event: participants who take part, from the
 * current bookings as teilnehmerListe groups them (without the persons' details it shows).
 */
export function teilnehmerZahlen(
  buchungen: Teilnahme[],
  nichtTeilnahmen: NichtTeilnahme[],
  alleEvents: number[],
): { seminar: number; events: Map<number, number> } {
  const events = new Map(alleEvents.map((id) => [id, 0]));
  let seminar = 0;
  for (const gruppe of nachTeilnehmer(buchungen, nichtTeilnahmen, alleEvents)) {
    if (nimmtTeil(gruppe)) seminar++;
    for (const id of besuchteEvents(gruppe)) events.set(id, (events.get(id) ?? 0) + 1);
  }
  return { seminar, events };
}
