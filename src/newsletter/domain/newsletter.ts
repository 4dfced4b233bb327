import { DomainError } from '../../shared/domain-error';

/** A newsletter that has gone out is part of the record of what members received. */
export function pruefeNewsletterloeschung(versendeteDispatcher: number): void {
  if (versendeteDispatcher > 0) {
    throw DomainError.conflict(
      'NEWSLETTER_VERSENDET',
      'Ein bereits versendeter Newsletter kann nicht gelöscht werden.',
    );
  }
}
