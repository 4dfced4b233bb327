/** For unit tests: the German message of the DomainError 'invalid' that `run` throws. */
import { DomainError } from './domain-error';

export function ungueltigeEingabe(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).kind).toBe('invalid');
    return (error as DomainError).message;
  }
  throw new Error('kein Fehler');
}
