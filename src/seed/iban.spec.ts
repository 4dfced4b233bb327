import { germanIban, isValidIbanChecksum } from './iban';

describe('generated IBANs', () => {
  it('produce the known example DE89 3704 0044 0532 0130 00', () => {
    expect(germanIban('37040044', '532013000')).toBe('DE89370400440532013000');
  });

  it('pass the mod-97 check, and a changed digit fails it', () => {
    const iban = germanIban('10020030', '1234567');
    expect(isValidIbanChecksum(iban)).toBe(true);
    expect(isValidIbanChecksum(iban.replace(/7$/, '8'))).toBe(false);
  });
});
