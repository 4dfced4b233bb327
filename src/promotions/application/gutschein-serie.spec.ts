import { DomainError } from '../../shared/domain-error';
import { mitNeuemVersuch, VERSUCHE } from './gutschein-serie';

class Doppelt extends Error {}
const kollision = (error: unknown) => error instanceof Doppelt;

describe('mitNeuemVersuch: a block that hits an existing code is drawn anew', () => {
  it('inserts again after collisions until it succeeds', async () => {
    let aufrufe = 0;
    await mitNeuemVersuch(async () => {
      aufrufe++;
      if (aufrufe < 3) throw new Doppelt();
    }, kollision);
    expect(aufrufe).toBe(3);
  });

  it('gives up in German after VERSUCHE collisions', async () => {
    let aufrufe = 0;
    const lauf = mitNeuemVersuch(async () => {
      aufrufe++;
      throw new Doppelt();
    }, kollision);
    await expect(lauf).rejects.toBeInstanceOf(DomainError);
    await expect(lauf).rejects.toThrow('Es konnten keine freien Gutschein-Codes gefunden werden.');
    expect(aufrufe).toBe(VERSUCHE);
  });

  it('passes any other error on at once', async () => {
    let aufrufe = 0;
    const fehler = new Error('Verbindung weg');
    await expect(
      mitNeuemVersuch(async () => {
        aufrufe++;
        throw fehler;
      }, kollision),
    ).rejects.toBe(fehler);
    expect(aufrufe).toBe(1);
  });
});
