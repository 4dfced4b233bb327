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

  it('has nothing to offer for a seminar without any date', () => {
    expect(seminarKalender({ ...seminar, beginn: null, ende: null }, [])).toBeNull();
  });
});
