import { DomainError } from './domain-error';

describe('DomainError', () => {
  it('carries code, German message and kind (a conflict unless said otherwise)', () => {
    const error = new DomainError('GESPERRT', 'Die Rechnung ist gesperrt.');
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      name: 'DomainError',
      code: 'GESPERRT',
      message: 'Die Rechnung ist gesperrt.',
      kind: 'conflict',
      errors: undefined,
    });
  });

  it.each([
    [DomainError.invalid('UNGUELTIG', 'Falsch.', { a: 'fehlt' }), 'invalid', { a: 'fehlt' }],
    [DomainError.notFound('FEHLT', 'Falsch.'), 'not_found', undefined],
    [DomainError.conflict('KONFLIKT', 'Falsch.'), 'conflict', undefined],
  ])('%s is of kind %s', (error, kind, errors) => {
    expect(error).toBeInstanceOf(DomainError);
    expect(error.kind).toBe(kind);
    expect(error.message).toBe('Falsch.');
    expect(error.errors).toEqual(errors);
  });

  it('names every refused field in one sentence, by its label', () => {
    const errors = { nachname: 'fehlt', plz: 'ist keine Postleitzahl' };
    const labels: Record<string, string> = { nachname: 'Nachname', plz: 'PLZ' };
    expect(DomainError.fields(errors, (field) => labels[field])).toMatchObject({
      code: 'INVALID_FIELDS',
      kind: 'invalid',
      message: 'Bitte prüfen Sie die Eingaben: „Nachname“ fehlt; „PLZ“ ist keine Postleitzahl.',
      errors,
    });
    expect(DomainError.fields({ nachname: 'fehlt' }).message).toBe(
      'Bitte prüfen Sie die Eingaben: „nachname“ fehlt.',
    );
  });
});
