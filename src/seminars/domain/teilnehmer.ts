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
  const zeilen = new Map<string, TeilnehmerZeile & { cent: number; typen: Set<string> }>();
  for (const b of buchungen) {
    const p = b.person;
    const key = p ? `b${p.id}` : `g${b.teilnehmer ?? b.id}`;
    let zeile = zeilen.get(key);
    if (!zeile) {
      zeile = {
        benutzer_id: p?.id ?? null,
        kennnummer: p?.kennnummer ?? null,
        vorname: p?.vorname ?? null,
        nachname: p?.nachname ?? null,
        anzeigename: p?.anzeigename ?? b.teilnehmer,
        ansprache: p?.ansprache ?? null,
        firma: p?.firma ?? p?.parent?.firma ?? null,
        email: p?.email ?? null,
        typ: null,
        betrag: 0,
        mitglied: p?.atr_mitglied ?? false,
        berufsbezeichnung: p?.berufsbezeichnung ?? null,
        stb_datum: p?.stb_datum ?? null,
        parent: p?.parent ?? null,
        event_ids: [],
        teilnahme: true,
        nicht_teilnahme: p ? nichtTeilnahmen.filter((n) => n.benutzer_id === p.id) : [],
        is_in: true,
        cent: 0,
        typen: new Set(),
      };
      zeilen.set(key, zeile);
    }
    zeile.cent += cent(b.betrag);
    if (b.buchung_typ) zeile.typen.add(b.buchung_typ);
    const events = b.veranstaltung_event_id === null ? alleEvents : [b.veranstaltung_event_id];
    zeile.event_ids = [...new Set([...zeile.event_ids, ...events])].sort((x, y) => x - y);
  }
  return [...zeilen.values()]
    .map(({ cent: summe, typen, ...zeile }) => {
      const besucht = besuchteEvents(zeile);
      const ganzAbwesend = zeile.nicht_teilnahme.some((n) => n.veranstaltung_event_id === null);
      return {
        ...zeile,
        typ: [...typen].join(', ') || null,
        betrag: summe / 100,
        is_in: eventId === undefined || zeile.event_ids.includes(eventId),
        teilnahme:
          eventId === undefined
            ? !ganzAbwesend && (zeile.event_ids.length === 0 || besucht.length > 0)
            : besucht.includes(eventId),
      };
    })
    .sort(
      (a, b) =>
        (a.nachname ?? a.anzeigename ?? '').localeCompare(b.nachname ?? b.anzeigename ?? '', 'de') ||
        (a.vorname ?? '').localeCompare(b.vorname ?? '', 'de'),
    );
}

/** The counts kept in veranstaltung and veranstaltung_event: participants who take part. */
export function teilnehmerZahlen(
  liste: TeilnehmerZeile[],
  alleEvents: number[],
): { seminar: number; events: Map<number, number> } {
  const events = new Map(alleEvents.map((id) => [id, 0]));
  for (const zeile of liste)
    for (const id of besuchteEvents(zeile)) events.set(id, (events.get(id) ?? 0) + 1);
  return { seminar: liste.filter((z) => z.teilnahme).length, events };
}
