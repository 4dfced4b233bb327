/** Helpers for unit tests of rules that throw DomainErrors. */
import { DomainError } from './domain-error';

/** The DomainError that `run` throws (any kind); fails on another error or none. */
export function domainError(run: () => unknown): DomainError {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('kein Fehler');
}

/** The German message of the DomainError 'invalid' that `run` throws. */

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
