import {
  BEANSPRUCHBAR,
  dispatcherInfo,
  dispatcherTyp,
  fehlerfolge,
  MAILS_JE_VERBINDUNG,
  MAX_VERSUCHE,
  naechsterLauf,
  sendetakt,
  UNERLEDIGT,
  VERSAND_STATUS,
  versandMessageId,
  wartegruende,
} from './versand';

describe('dispatch rows', () => {
  it('claims only open rows and counts open and sending ones as not done', () => {
    expect(BEANSPRUCHBAR).toBe('offen');
    expect([...UNERLEDIGT]).toEqual(['offen', 'sending']);
    expect(UNERLEDIGT).not.toContain(VERSAND_STATUS.versendet);
    expect(UNERLEDIGT).not.toContain(VERSAND_STATUS.fehler);
  });

  describe('fehlerfolge', () => {
    it('marks a permanent refusal failed with the SMTP answer at once', () => {
      expect(fehlerfolge({ permanent: true, message: '550 Postfach unbekannt' }, 1, 1000)).toEqual({
        status: 'fehler',
        fehler: '550 Postfach unbekannt',
      });
    });

    it('retries a temporary failure with doubling backoff', () => {
      const temp = { permanent: false, message: '451 später' };
      expect(fehlerfolge(temp, 1, 1000)).toEqual({ status: 'offen', wartenMs: 1000 });
      expect(fehlerfolge(temp, 3, 1000)).toEqual({ status: 'offen', wartenMs: 4000 });
    });

    it('gives up after the last allowed try', () => {
      expect(fehlerfolge({ permanent: false, message: '451 später' }, MAX_VERSUCHE, 1000)).toEqual({
        status: 'fehler',
        fehler: '451 später',
      });
    });
  });

  describe('versandMessageId', () => {
    const empfaenger = { benutzer_id: 7, email: 'Anna@Kanzlei.de' };

    it('is the same for one dispatcher and recipient, on the sender domain, without the address', () => {
      const id = versandMessageId(12, empfaenger, 'news@verband.de');
      expect(id).toMatch(/^<newsletter\.12\.7\.[0-9a-f]{16}@verband\.de>$/);
      expect(versandMessageId(12, { ...empfaenger, email: ' anna@kanzlei.de' }, 'news@verband.de')).toBe(id);
      expect(id.toLowerCase()).not.toContain('anna');
    });

    it('differs by dispatcher, Benutzer and address', () => {
      const id = versandMessageId(12, empfaenger, 'news@verband.de');
      expect(versandMessageId(13, empfaenger, 'news@verband.de')).not.toBe(id);
      expect(versandMessageId(12, { ...empfaenger, benutzer_id: 8 }, 'news@verband.de')).not.toBe(id);
      expect(versandMessageId(12, { ...empfaenger, email: 'b@kanzlei.de' }, 'news@verband.de')).not.toBe(id);
      expect(versandMessageId(12, empfaenger, null)).toMatch(/@newsletter\.invalid>$/);
    });
  });

  describe('sendetakt', () => {
    it('fills every connection of the pool when no rate is set', () => {
      expect(sendetakt(5)).toEqual({ batch: 5 * MAILS_JE_VERBINDUNG });
      expect(sendetakt(1)).toEqual({ batch: MAILS_JE_VERBINDUNG });
      expect(sendetakt(0)).toEqual({ batch: MAILS_JE_VERBINDUNG });
      expect(sendetakt(2.7)).toEqual({ batch: 2 * MAILS_JE_VERBINDUNG });
    });

    it('keeps all workers together under the rate: batches no larger than a second, started no faster', () => {
      // 200 mails/s with a pool of 5: full batches of 50, one every 250 ms.
      expect(sendetakt(5, 200)).toEqual({ batch: 50, limiter: { max: 1, durationMs: 250 } });
      // 20 mails/s: batches of 20, one a second.
      expect(sendetakt(5, 20)).toEqual({ batch: 20, limiter: { max: 1, durationMs: 1000 } });
      // 3 mails/s: 3 at once, one batch a second.
      expect(sendetakt(5, 3)).toEqual({ batch: 3, limiter: { max: 1, durationMs: 1000 } });
      // 30 mails/s with a pool of 2: batches of 20 every 667 ms (rounded up: never faster).
      expect(sendetakt(2, 30)).toEqual({ batch: 20, limiter: { max: 1, durationMs: 667 } });
    });
  });
});

describe('dispatcherTyp and dispatcherInfo', () => {
  const stand = { versendet: false, versand_time: null, total: 0, sent: 0, failed: 0 };

  it('names the Art by who made the dispatch', () => {
    expect(dispatcherTyp(true)).toBe('auto');
    expect(dispatcherTyp(false)).toBe('manuell');
  });

  it('says in German what became of the dispatch at each step', () => {
    expect(dispatcherInfo(stand)).toBe('Noch nicht geplant');
    // 08:30 UTC in March is 09:30 in Berlin; in July (summer time) 10:30.
    expect(dispatcherInfo({ ...stand, versand_time: '2026-03-05T08:30:00.000Z' })).toBe(
      'Versand geplant für 05.03.2026 09:30 Uhr',
    );
    expect(dispatcherInfo({ ...stand, versand_time: new Date('2026-07-05T08:30:00.000Z') })).toBe(
      'Versand geplant für 05.07.2026 10:30 Uhr',
    );
    expect(dispatcherInfo({ ...stand, versand_time: new Date(), total: 10, sent: 4 })).toBe(
      'Wird versendet: 4 von 10 E-Mails versendet',
    );
    expect(dispatcherInfo({ ...stand, versendet: true, total: 10, sent: 10 })).toBe(
      '10 von 10 E-Mails versendet',
    );
    expect(dispatcherInfo({ ...stand, versendet: true, total: 10, sent: 8, failed: 2 })).toBe(
      '8 von 10 E-Mails versendet, 2 fehlgeschlagen',
    );
  });
});

describe('why the rows of a dispatch wait', () => {
  const leer = {
    inArbeit: 0,
    verloren: 0,
    faellig: 0,
    spaeter: 0,
    naechsterVersuch: null,
    letzteAntwort: null,
  };

  it('names a lost worker, retries at their Berlin time with the SMTP answer, mails in work and due rows', () => {
    expect(
      wartegruende(
        {
          inArbeit: 4,
          verloren: 3,
          faellig: 10,
          spaeter: 2,
          naechsterVersuch: new Date('2026-11-27T13:05:40Z'),
          letzteAntwort: '421 Bitte später',
        },
        false,
      ),
    ).toEqual([
      '3 Empfänger hatte ein Worker übernommen, der nicht mehr antwortet (abgestürzt oder beendet); sie werden gleich erneut versendet.',
      '2 Empfänger hat der Mailserver vorübergehend abgewiesen (Antwort des Mailservers: „421 Bitte später“); nächster Versuch um 14:05 Uhr.',
      '4 E-Mails werden gerade gesendet.',
      '10 Empfänger warten auf den Versand.',
    ]);
  });

  it('says a stopped dispatch waits for staff, and nothing when nothing waits', () => {
    expect(wartegruende({ ...leer, faellig: 5, spaeter: 1, naechsterVersuch: new Date() }, true)[0]).toBe(
      'Der Versand ist angehalten: 6 Empfänger warten, bis er fortgesetzt wird.',
    );
    expect(wartegruende({ ...leer, faellig: 5 }, true)).toHaveLength(1);
    expect(wartegruende(leer, true)).toEqual([]);
  });
});

describe('naechsterLauf', () => {
  const jetzt = new Date('2026-11-27T12:00:00Z');
  const sekunden = (s: number) => new Date(jetzt.getTime() + s * 1000);

  it('is the earliest retry or the expiry of a running claim, never before now', () => {
    const rows = [
      { status: VERSAND_STATUS.offen, naechster_versuch: sekunden(300), updatedAt: jetzt },
      { status: VERSAND_STATUS.sending, naechster_versuch: null, updatedAt: sekunden(-5) },
    ];
    expect(naechsterLauf(rows, 15_000, jetzt)).toEqual(sekunden(10));
    expect(naechsterLauf(rows.slice(0, 1), 15_000, jetzt)).toEqual(sekunden(300));
    expect(naechsterLauf([{ ...rows[1], updatedAt: sekunden(-60) }], 15_000, jetzt)).toEqual(jetzt);
  });

  it('is now when other jobs finished every row since they were counted (not an invalid date)', () => {
    const lauf = naechsterLauf([], 15_000, jetzt);
    expect(lauf).toEqual(jetzt);
    expect(Number.isFinite(lauf.getTime())).toBe(true);
  });
});
