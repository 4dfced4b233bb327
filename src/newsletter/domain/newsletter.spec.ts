import { pruefeNewsletterloeschung } from './newsletter';

describe('deleting a newsletter', () => {
  it('is refused once a dispatch has gone out', () => {
    expect(() => pruefeNewsletterloeschung(1)).toThrow(
      'Ein bereits versendeter Newsletter kann nicht gelöscht werden.',
    );
    expect(() => pruefeNewsletterloeschung(0)).not.toThrow();
  });
});
