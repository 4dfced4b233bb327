/**
 * The one error type that domain and application code throw. It carries a stable code, a German
 * message for staff, and its kind; the HTTP filter maps the kind to 400/404/409.
 * Lives outside platform/ so that pure domain code may import it.
 */
export type DomainErrorKind = 'invalid' | 'not_found' | 'conflict' | 'forbidden' | 'too_many';

export class DomainError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly kind: DomainErrorKind = 'conflict',
    /** Field-level messages, keyed by field name, for forms. */
    readonly errors?: Record<string, string>,
  ) {
    super(message);
    this.name = 'DomainError';
  }

  static invalid(code: string, message: string, errors?: Record<string, string>) {
    return new DomainError(code, message, 'invalid', errors);
  }

  /**
   * Field-level refusals of a save: one German sentence naming each field by `label` (the
   * generic writer passes the vocabulary's), plus the map for forms, keyed by field name.
   */
  static fields(errors: Record<string, string>, label: (field: string) => string = (field) => field) {
    const list = Object.entries(errors)
      .map(([name, message]) => `„${label(name)}“ ${message}`)
      .join('; ');
    return DomainError.invalid('INVALID_FIELDS', `Bitte prüfen Sie die Eingaben: ${list}.`, errors);
  }

  static notFound(code: string, message: string) {
    return new DomainError(code, message, 'not_found');
  }

  static conflict(code: string, message: string) {
    return new DomainError(code, message, 'conflict');
  }
}
