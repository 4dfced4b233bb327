import {
  BEANSPRUCHBAR,
  fehlerfolge,
  MAX_VERSUCHE,
  UNERLEDIGT,
  VERSAND_STATUS,
  versandMessageId,
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
});
