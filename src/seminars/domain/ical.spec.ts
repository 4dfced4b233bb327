import { icalFold, icalText, seminarKalender, type KalenderEvent, type KalenderSeminar } from './ical';

const octets = (line: string) => new TextEncoder().encode(line).length;

describe('iCalendar text (RFC 5545 §3.1, §3.3.11)', () => {
  it.each([
    ['Steuern, Recht; Praxis', 'Steuern\\, Recht\\; Praxis'],
    ['C:\\Pfad', 'C:\\\\Pfad'],
    ['Zeile 1\nZeile 2\r\nZeile 3', 'Zeile 1\\nZeile 2\\nZeile 3'],
    ['Grüße aus Köln', 'Grüße aus Köln'],
  ])('escapes %p as %p', (text, escaped) => expect(icalText(text)).toBe(escaped));

  it('folds lines at 75 octets without splitting an umlaut', () => {
    const line = `SUMMARY:${'Übungsfälle zur Körperschaftsteuer – '.repeat(5)}`;
    const folded = icalFold(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(2);
    for (const part of parts) expect(octets(part)).toBeLessThanOrEqual(75);
    parts.slice(1).forEach((part) => expect(part.startsWith(' ')).toBe(true));
    expect(parts.map((part, i) => (i === 0 ? part : part.slice(1))).join('')).toBe(line);
    expect(icalFold('SUMMARY:kurz')).toBe('SUMMARY:kurz');
    // Exactly 75 octets stay one line; continuation lines carry 74 besides their space.
    expect(icalFold('x'.repeat(75))).toBe('x'.repeat(75));
    expect(icalFold('x'.repeat(76))).toBe(`${'x'.repeat(75)}\r\n x`);
    expect(icalFold('x'.repeat(75 + 74 + 1))).toBe(`${'x'.repeat(75)}\r\n ${'x'.repeat(74)}\r\n x`);
    expect(icalFold('')).toBe('');
    // 75 octets would end inside the 34th 'ä' (two octets each): the line ends before it.
    expect(
      icalFold(`SUMMARY:${'ä'.repeat(40)}`)
        .split('\r\n')
        .map(octets),
    ).toEqual([74, 15]);
  });
});

describe('a seminar calendar', () => {
  const stand = { updatedAt: new Date('2026-01-05T10:00:00Z'), version: 3 };
  const seminar: KalenderSeminar = {
    id: 7,
    ...stand,
    titel: 'Umsatzsteuer, aktuell',
    beschreibung: null,
    link_extern: null,
    beginn: new Date('2026-03-28T08:00:00Z'),
    ende: new Date('2026-03-30T15:00:00Z'),
  };
  const event = (
    id: number,
    datum: string | null,
    beginn: string | null,
    ende: string | null,
  ): KalenderEvent => ({
    id,
    ...stand,
    titel: null,
    datum,
    beginn,
    ende,
    ort: null,
  });

  it('has one VEVENT per dated event in Berlin local time, with stable UIDs', () => {
    const text = seminarKalender(seminar, [
      event(11, '2026-03-28', '09:00', '17:00'),
      event(12, '2026-03-30', null, null),
      event(13, null, '09:00', null),
    ])!;
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    expect(text).toContain('UID:veranstaltung-event-11@verbandsverwaltung');
    expect(text).toContain(
      'DTSTART;TZID=Europe/Berlin:20260328T090000\r\nDTEND;TZID=Europe/Berlin:20260328T170000',
    );
    expect(text).toContain('DTSTART;VALUE=DATE:20260330\r\nDTEND;VALUE=DATE:20260331');
    expect(text).toContain('SEQUENCE:2');
    expect(text).toContain('DTSTAMP:20260105T100000Z');
    expect(text).toContain('SUMMARY:Umsatzsteuer\\, aktuell');
    expect(text).toContain('TZID:Europe/Berlin');
  });

  it('has one VEVENT for a seminar without dated events, from its own dates', () => {
    const text = seminarKalender(seminar, [event(13, null, null, null)])!;
    expect(text.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    expect(text).toContain('UID:veranstaltung-7@verbandsverwaltung');
    // 08:00 UTC on 28 March is 09:00 CET; 15:00 UTC on 30 March is 17:00 CEST.
    expect(text).toContain(
      'DTSTART;TZID=Europe/Berlin:20260328T090000\r\nDTEND;TZID=Europe/Berlin:20260330T170000',
    );
  });

  it('writes the whole calendar: header, Berlin time zone, events with summary, place, description and link', () => {
    const text = seminarKalender(
      { ...seminar, beschreibung: 'Teil 1; Teil 2\nmit Fällen', link_extern: 'https://example.org/s?a=1,2' },
      [
        {
          ...event(11, '2026-02-28', '09:00', null),
          titel: 'Praxistag',
          version: 1,
          ort: { bezeichnung: 'Haus der Beratung', strasse: 'Hauptstr. 1', plz: '50667', ort: 'Köln' },
        },
        { ...event(12, '2026-02-28', null, null), titel: 'Umsatzsteuer, aktuell', version: 0, ort: null },
      ],
    );
    expect(text?.split('\r\n')).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Verbandsverwaltung//Seminare//DE',
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
      'BEGIN:VTIMEZONE',
      'TZID:Europe/Berlin',
      'BEGIN:DAYLIGHT',
      'TZOFFSETFROM:+0100',
      'TZOFFSETTO:+0200',
      'TZNAME:CEST',
      'DTSTART:19700329T020000',
      'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
      'END:DAYLIGHT',
      'BEGIN:STANDARD',
      'TZOFFSETFROM:+0200',
      'TZOFFSETTO:+0100',
      'TZNAME:CET',
      'DTSTART:19701025T030000',
      'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
      'END:STANDARD',
      'END:VTIMEZONE',
      'BEGIN:VEVENT',
      'UID:veranstaltung-event-11@verbandsverwaltung',
      'DTSTAMP:20260105T100000Z',
      'SEQUENCE:0',
      // A start without an end has no DTEND.
      'DTSTART;TZID=Europe/Berlin:20260228T090000',
      'SUMMARY:Umsatzsteuer\\, aktuell – Praxistag',
      'LOCATION:Haus der Beratung\\, Hauptstr. 1\\, 50667 Köln',
      'DESCRIPTION:Teil 1\\; Teil 2\\nmit Fällen',
      // The link stays as it is: URL is no TEXT value.
      'URL:https://example.org/s?a=1,2',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:veranstaltung-event-12@verbandsverwaltung',
      'DTSTAMP:20260105T100000Z',
      'SEQUENCE:0',
      // A whole day ends on the next day, also across a month's end.
      'DTSTART;VALUE=DATE:20260228',
      'DTEND;VALUE=DATE:20260301',
      'SUMMARY:Umsatzsteuer\\, aktuell',
      'DESCRIPTION:Teil 1\\; Teil 2\\nmit Fällen',
      'URL:https://example.org/s?a=1,2',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ]);
  });

  it('names a place by what it has', () => {
    const ort = (o: Partial<NonNullable<KalenderEvent['ort']>>) =>
      seminarKalender(seminar, [
        {
          ...event(11, '2026-03-28', null, null),
          ort: { bezeichnung: 'Saal', strasse: null, plz: null, ort: null, ...o },
        },
      ])
        ?.split('\r\n')
        .find((zeile) => zeile.startsWith('LOCATION:'));
    expect(ort({})).toBe('LOCATION:Saal');
    expect(ort({ ort: 'Köln' })).toBe('LOCATION:Saal\\, Köln');
    expect(ort({ plz: '50667' })).toBe('LOCATION:Saal\\, 50667');
    expect(ort({ bezeichnung: '', strasse: 'Ring 2' })).toBe('LOCATION:Ring 2');
  });

  it('has a seminar without an end start only, with seconds filled in', () => {
    const text = seminarKalender({ ...seminar, ende: null, version: 1 }, [])!;
    const zeilen = text.split('\r\n');
    expect(zeilen.slice(zeilen.indexOf('BEGIN:VEVENT'), zeilen.indexOf('END:VEVENT') + 1)).toEqual([
      'BEGIN:VEVENT',
      'UID:veranstaltung-7@verbandsverwaltung',
      'DTSTAMP:20260105T100000Z',
      'SEQUENCE:0',
      'DTSTART;TZID=Europe/Berlin:20260328T090000',
      'SUMMARY:Umsatzsteuer\\, aktuell',
      'END:VEVENT',
    ]);
  });

  it('folds long lines of the calendar', () => {
    const text = seminarKalender({ ...seminar, beschreibung: 'x'.repeat(100) }, [])!;
    expect(text).toContain(`DESCRIPTION:${'x'.repeat(63)}\r\n ${'x'.repeat(37)}\r\n`);
  });

  it('has nothing to offer for a seminar without any date', () => {
    expect(seminarKalender({ ...seminar, beginn: null, ende: null }, [])).toBeNull();
  });
});
