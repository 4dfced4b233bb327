import { sperrHash } from './newsletter-sperre';

describe('sperrHash', () => {
  it('knows an address again whatever its case and surrounding spaces, and never holds it', () => {
    const hash = sperrHash('Kanzlei@Beispiel.de');
    expect(sperrHash(' kanzlei@beispiel.de ')).toBe(hash);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(sperrHash('kanzlei2@beispiel.de')).not.toBe(hash);
  });
});
