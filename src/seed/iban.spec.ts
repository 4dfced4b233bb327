import { ibanFehler } from '../shared/bankverbindung';
import { germanIban } from './iban';

describe('generated IBANs', () => {
  it('produce the known example DE89 3704 0044 0532 0130 00', () => {
    expect(germanIban('37040044', '532013000')).toBe('DE89370400440532013000');
  });

  it('pass the validation staff input goes through', () => {
    expect(ibanFehler(germanIban('10020030', '1234567'))).toBeNull();
  });
});
