import {
  AUTO_NACHHOLFRIST_MS,
  AUTO_VORLAUF_MS,
  autoEinstellungen,
  autoFaellig,
  autoGruppenFuer,
  autoNachfuehren,
  autoSchluessel,
  autoText,
  autoVersandZeit,
  startFenster,
  type AutoZiel,
} from './automatik';

const ziel = (beginn: string, mehr: Partial<AutoZiel> = {}): AutoZiel => ({
  veranstaltung_id: 5,
  veranstaltung_event_id: null,
  lg_id: 'LG-12',
  titel: 'Lohnsteuer kompakt',
  beginn: new Date(beginn),
  ausgebucht: false,
  ...mehr,
});

describe('autoEinstellungen', () => {
  it('fills in the defaults of spec 002 §9', () => {
    expect(autoEinstellungen(null)).toEqual({
      auto_titel: '{lg_id} - {titel} - {datum}',
      auto_betreff: '{titel}',
      versand: { tage: -20, uhrzeit: '12:00' },
      auto_teilnehmer_group: null,
      auto_ausgebucht: false,
      allow_duplicate_email: false,
      newsletter_absender_id: null,
      versand_gruppen: [],
      ausschluss_gruppen: [],
    });
  });

  it.each([
    [{ auto_minutes: 30, auto_vortage: 3 }, { minuten: 30 }],
    [
      { auto_vortage: 3, auto_nachtage: 0, auto_day_time: '08:15' },
      { tage: -3, uhrzeit: '08:15' },
    ],
    [
      { auto_vortage: 0, auto_nachtage: 2 },
      { tage: 2, uhrzeit: '12:00' },
    ],
    [
      { auto_vortage: null, auto_nachtage: 0 },
      { tage: 0, uhrzeit: '12:00' },
    ],
    [
      { auto_vortage: '5', auto_day_time: '09:30:00' },
      { tage: -5, uhrzeit: '09:30' },
    ],
  ])('reads the send rule of %j', (data, versand) => {
    expect(autoEinstellungen(data).versand).toEqual(versand);
  });

  it('reads the groups as ids, objects or numbers', () => {
    const e = autoEinstellungen({ versand_gruppen: [{ id: 3 }, 4], ausschluss_gruppen: [9] });
    expect([e.versand_gruppen, e.ausschluss_gruppen]).toEqual([[3, 4], [9]]);
  });
});

describe('autoVersandZeit', () => {
  it.each([
    // Vortage at 12:00 Berlin: winter (UTC+1), summer (UTC+2).
    ['2026-12-21T09:00:00Z', { auto_vortage: 20 }, '2026-12-01T11:00:00.000Z'],
    ['2026-07-21T09:00:00Z', { auto_vortage: 20 }, '2026-07-01T10:00:00.000Z'],
    // Across the switch to summer time (29.03.2026): 12:00 stays 12:00 on the wall clock.
    ['2026-04-10T08:00:00Z', { auto_vortage: 20 }, '2026-03-21T11:00:00.000Z'],
    // Across the switch back (25.10.2026).
    ['2026-11-05T09:00:00Z', { auto_vortage: 20, auto_day_time: '08:00' }, '2026-10-16T06:00:00.000Z'],
    // The day of the switch itself, before and after 02:00/03:00.
    ['2026-03-30T08:00:00Z', { auto_vortage: 1, auto_day_time: '01:30' }, '2026-03-29T00:30:00.000Z'],
    ['2026-03-30T08:00:00Z', { auto_vortage: 1, auto_day_time: '03:30' }, '2026-03-29T01:30:00.000Z'],
    // The Berlin date of the start counts: 23:30 UTC on 31.12. is already 01.01. in Berlin.
    ['2026-12-31T23:30:00Z', { auto_vortage: 1 }, '2026-12-31T11:00:00.000Z'],
    // Nachtage: after the start.
    [
      '2026-06-10T07:00:00Z',
      { auto_vortage: 0, auto_nachtage: 2, auto_day_time: '17:00' },
      '2026-06-12T15:00:00.000Z',
    ],
    // Minutes before the start, by the clock (no wall time).
    ['2026-03-29T01:30:00Z', { auto_minutes: 90 }, '2026-03-29T00:00:00.000Z'],
  ])('start %s with %j → %s', (beginn, data, erwartet) => {
    expect(autoVersandZeit(new Date(beginn), autoEinstellungen(data)).toISOString()).toBe(erwartet);
  });
});

describe('autoFaellig', () => {
  const jetzt = new Date('2026-11-01T12:00:00Z');
  const zwanzig = autoEinstellungen({ auto_vortage: 20, auto_day_time: '14:00' });

  it('makes the newsletter within the lead time before its send time, not earlier', () => {
    expect(autoFaellig(ziel('2026-11-21T09:00:00Z'), zwanzig, jetzt)).toBe(true);
    expect(autoFaellig(ziel('2026-11-27T09:00:00Z'), zwanzig, jetzt)).toBe(true);
    expect(autoFaellig(ziel('2026-11-29T09:00:00Z'), zwanzig, jetzt)).toBe(false);
  });

  it('catches up a send time missed by less than the catch-up period, not more', () => {
    // Send time 31.10. 14:00 Berlin: 23 hours ago.
    expect(autoFaellig(ziel('2026-11-20T09:00:00Z'), zwanzig, jetzt)).toBe(true);
    expect(autoFaellig(ziel('2026-11-19T09:00:00Z'), zwanzig, jetzt)).toBe(false);
  });

  it('announces nothing that has started, except with Nachtage', () => {
    const minuten = autoEinstellungen({ auto_minutes: 120 });
    expect(autoFaellig(ziel('2026-11-01T11:00:00Z'), minuten, jetzt)).toBe(false);
    expect(autoFaellig(ziel('2026-11-01T13:00:00Z'), minuten, jetzt)).toBe(true);
    const nach = autoEinstellungen({ auto_vortage: 0, auto_nachtage: 1 });
    expect(autoFaellig(ziel('2026-10-31T09:00:00Z'), nach, jetzt)).toBe(true);
  });

  it('leaves fully booked ones out unless auto_ausgebucht', () => {
    const voll = ziel('2026-11-21T09:00:00Z', { ausgebucht: true });
    expect(autoFaellig(voll, zwanzig, jetzt)).toBe(false);
    expect(autoFaellig(voll, { ...zwanzig, auto_ausgebucht: true }, jetzt)).toBe(true);
  });

  it('has a start window that holds every start it accepts', () => {
    for (const data of [{ auto_vortage: 20 }, { auto_nachtage: 3 }, { auto_minutes: 480 }]) {
      const e = autoEinstellungen(data);
      const { von, bis } = startFenster(e, jetzt);
      for (let t = von.getTime() - 3 * 86_400_000; t <= bis.getTime() + 3 * 86_400_000; t += 1_800_000) {
        const z = ziel(new Date(t).toISOString());
        if (autoFaellig(z, e, jetzt)) expect(t >= von.getTime() && t <= bis.getTime()).toBe(true);
      }
    }
    expect(AUTO_VORLAUF_MS).toBeGreaterThan(AUTO_NACHHOLFRIST_MS);
  });
});

describe('autoText', () => {
  it('fills in lg_id, titel and the Berlin date of the start', () => {
    const z = ziel('2026-12-31T23:30:00Z');
    expect(autoText('{lg_id} - {titel} - {datum}', z)).toBe('LG-12 - Lohnsteuer kompakt - 01.01.2027');
    expect(autoText('{titel} {unbekannt}', z)).toBe('Lohnsteuer kompakt {unbekannt}');
    expect(autoText('{lg_id} - {titel}', { ...z, lg_id: null })).toBe('Lohnsteuer kompakt');
  });
});

describe('autoGruppenFuer', () => {
  const e = autoEinstellungen({ versand_gruppen: [1, 2], ausschluss_gruppen: [3] });

  it('adds the participant group to the send or the exclusion groups', () => {
    expect(autoGruppenFuer({ ...e, auto_teilnehmer_group: 'include' }, 7)).toEqual({
      versand: [1, 2, 7],
      ausschluss: [3],
    });
    expect(autoGruppenFuer({ ...e, auto_teilnehmer_group: 'exclude' }, 2)).toEqual({
      versand: [1],
      ausschluss: [3, 2],
    });
    expect(autoGruppenFuer({ ...e, auto_teilnehmer_group: 'include' }, null)).toEqual({
      versand: [1, 2],
      ausschluss: [3],
    });
    expect(autoGruppenFuer(e, 7)).toEqual({ versand: [1, 2], ausschluss: [3] });
  });
});

describe('autoSchluessel', () => {
  it('names template and seminar, or template and event', () => {
    expect(autoSchluessel(4, ziel('2026-11-21T09:00:00Z'))).toBe('4-seminar-5');
    expect(autoSchluessel(4, ziel('2026-11-21T09:00:00Z', { veranstaltung_event_id: 8 }))).toBe('4-event-8');
  });
});

describe('autoNachfuehren', () => {
  const jetzt = new Date('2026-11-01T12:00:00Z');
  const minuten = autoEinstellungen({ auto_minutes: 60 });
  const geplant = new Date('2026-11-03T08:00:00Z');
  const dispatcher = { versandZeit: geplant, geplant };

  it('follows a seminar moved to another start', () => {
    expect(autoNachfuehren(ziel('2026-11-03T09:00:00Z'), minuten, jetzt, dispatcher)).toEqual({
      aktion: 'behalten',
    });
    expect(autoNachfuehren(ziel('2026-11-05T09:00:00Z'), minuten, jetzt, dispatcher)).toEqual({
      aktion: 'verschieben',
      versandZeit: new Date('2026-11-05T08:00:00Z'),
    });
  });

  it('strikes it when the seminar can no longer be announced', () => {
    for (const z of [ziel('2026-11-01T11:00:00Z'), ziel('2026-11-03T09:00:00Z', { ausgebucht: true })])
      expect(autoNachfuehren(z, minuten, jetzt, dispatcher)).toEqual({ aktion: 'streichen' });
    const nach = autoEinstellungen({ auto_vortage: 0, auto_nachtage: 1 });
    expect(autoNachfuehren(ziel('2026-10-20T09:00:00Z'), nach, jetzt, dispatcher)).toEqual({
      aktion: 'streichen',
    });
  });

  it('leaves a time staff set by hand', () => {
    const vonHand = { versandZeit: new Date('2026-11-02T07:00:00Z'), geplant };
    expect(autoNachfuehren(ziel('2026-11-05T09:00:00Z'), minuten, jetzt, vonHand)).toEqual({
      aktion: 'behalten',
    });
    expect(
      autoNachfuehren(ziel('2026-11-05T09:00:00Z'), minuten, jetzt, { versandZeit: geplant, geplant: null }),
    ).toEqual({ aktion: 'behalten' });
  });
});

describe('the automation settings in detail', () => {
  it('reads texts, the participant group, the flags, the sender and the group ids', () => {
    expect(
      autoEinstellungen({
        auto_titel: 'Neu: {titel}',
        auto_betreff: 'Einladung',
        auto_teilnehmer_group: 'exclude',
        auto_ausgebucht: true,
        allow_duplicate_email: true,
        newsletter_absender_id: '4',
        versand_gruppen: [1, 'x'],
        ausschluss_gruppen: [2.5, 3],
      }),
    ).toEqual({
      auto_titel: 'Neu: {titel}',
      auto_betreff: 'Einladung',
      versand: { tage: -20, uhrzeit: '12:00' },
      auto_teilnehmer_group: 'exclude',
      auto_ausgebucht: true,
      allow_duplicate_email: true,
      newsletter_absender_id: 4,
      versand_gruppen: [1],
      ausschluss_gruppen: [3],
    });
    expect(autoEinstellungen({ auto_teilnehmer_group: 'include' }).auto_teilnehmer_group).toBe('include');
  });

  it('takes the defaults for blank texts and anything that is not exactly what it should be', () => {
    expect(
      autoEinstellungen({
        auto_titel: '  ',
        auto_betreff: 5,
        auto_teilnehmer_group: 'alle',
        auto_ausgebucht: 'true',
        allow_duplicate_email: 1,
        newsletter_absender_id: ' ',
      }),
    ).toMatchObject({
      auto_titel: '{lg_id} - {titel} - {datum}',
      auto_betreff: '{titel}',
      auto_teilnehmer_group: null,
      auto_ausgebucht: false,
      allow_duplicate_email: false,
      newsletter_absender_id: null,
    });
    for (const id of [NaN, Infinity, 'x', null])
      expect(autoEinstellungen({ newsletter_absender_id: id }).newsletter_absender_id).toBeNull();
    expect(autoEinstellungen({ newsletter_absender_id: 7 }).newsletter_absender_id).toBe(7);
  });

  it('sends by minutes only when there are more than 0', () => {
    expect(autoEinstellungen({ auto_minutes: 0, auto_vortage: 3 }).versand).toEqual({
      tage: -3,
      uhrzeit: '12:00',
    });
    expect(autoEinstellungen({ auto_minutes: -30, auto_vortage: 3 }).versand).toEqual({
      tage: -3,
      uhrzeit: '12:00',
    });
    expect(autoEinstellungen({ auto_minutes: '45' }).versand).toEqual({ minuten: 45 });
  });
});

describe('the exact limits of an automatic newsletter', () => {
  const jetzt = new Date('2026-11-01T12:00:00Z');
  const minuten = autoEinstellungen({ auto_minutes: 60 });
  const stunde = 3_600_000;

  it('has a start window of the lead time and catch-up period, moved by the send rule', () => {
    expect(startFenster(minuten, jetzt)).toEqual({
      von: new Date(jetzt.getTime() - AUTO_NACHHOLFRIST_MS + stunde),
      bis: new Date(jetzt.getTime() + AUTO_VORLAUF_MS + stunde),
    });
    const tag = 24 * stunde;
    expect(startFenster(autoEinstellungen({ auto_vortage: 20 }), jetzt)).toEqual({
      von: new Date(jetzt.getTime() - AUTO_NACHHOLFRIST_MS + 20 * tag - tag),
      bis: new Date(jetzt.getTime() + AUTO_VORLAUF_MS + 20 * tag + tag),
    });
  });

  it('makes it exactly at the end of the lead time, and not for a start at this very moment', () => {
    const amRand = new Date(jetzt.getTime() + AUTO_VORLAUF_MS + stunde).toISOString();
    expect(autoFaellig(ziel(amRand), minuten, jetzt)).toBe(true);
    expect(
      autoFaellig(
        ziel(new Date(jetzt.getTime() + AUTO_VORLAUF_MS + stunde + 1).toISOString()),
        minuten,
        jetzt,
      ),
    ).toBe(false);
    expect(autoFaellig(ziel(jetzt.toISOString()), minuten, jetzt)).toBe(false);
  });

  it('catches up exactly at the end of the catch-up period', () => {
    // One day after the start at 13:00 Berlin (12:00 UTC): 31.10. 12:00 UTC, 24 hours ago.
    const nach = autoEinstellungen({ auto_vortage: 0, auto_nachtage: 1, auto_day_time: '13:00' });
    expect(autoFaellig(ziel('2026-10-30T09:00:00Z'), nach, jetzt)).toBe(true);
    expect(autoFaellig(ziel('2026-10-29T09:00:00Z'), nach, jetzt)).toBe(false);
  });

  it('does not announce a started seminar on its own day (0 Vortage)', () => {
    expect(autoFaellig(ziel('2026-11-01T11:00:00Z'), autoEinstellungen({ auto_vortage: 0 }), jetzt)).toBe(
      false,
    );
  });

  it('strikes or moves a planned dispatch at the same limits', () => {
    const geplant = new Date('2026-11-03T08:00:00Z');
    const dispatcher = { versandZeit: geplant, geplant };
    expect(autoNachfuehren(ziel(jetzt.toISOString()), minuten, jetzt, dispatcher)).toEqual({
      aktion: 'streichen',
    });
    expect(
      autoNachfuehren(
        ziel('2026-11-01T11:00:00Z'),
        autoEinstellungen({ auto_vortage: 0 }),
        jetzt,
        dispatcher,
      ),
    ).toEqual({ aktion: 'streichen' });
    const nach = autoEinstellungen({ auto_vortage: 0, auto_nachtage: 1, auto_day_time: '13:00' });
    expect(autoNachfuehren(ziel('2026-10-31T09:00:00Z'), nach, jetzt, dispatcher)).toEqual({
      aktion: 'verschieben',
      versandZeit: new Date('2026-11-01T12:00:00Z'),
    });
    expect(autoNachfuehren(ziel('2026-10-30T09:00:00Z'), nach, jetzt, dispatcher)).toEqual({
      aktion: 'verschieben',
      versandZeit: new Date('2026-10-31T12:00:00Z'),
    });
    expect(autoNachfuehren(ziel('2026-10-29T09:00:00Z'), nach, jetzt, dispatcher)).toEqual({
      aktion: 'streichen',
    });
  });

  it('drops every separator left at either end of a text', () => {
    expect(autoText('{titel} - {lg_id}', ziel('2026-11-21T09:00:00Z', { lg_id: null }))).toBe(
      'Lohnsteuer kompakt',
    );
  });

  it('excludes no participant group that does not exist', () => {
    const e = autoEinstellungen({
      versand_gruppen: [1],
      ausschluss_gruppen: [3],
      auto_teilnehmer_group: 'exclude',
    });
    expect(autoGruppenFuer(e, null)).toEqual({ versand: [1], ausschluss: [3] });
  });
});
