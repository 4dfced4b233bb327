import { emailFehler } from './email';

describe('e-mail addresses', () => {
  it.each(['info@müller-steuer.de', 'a.b+c@example.co.uk', ' x@y.de '])('accepts %s', (e) =>
    expect(emailFehler(e)).toBeNull(),
  );
  it.each(['info', 'info@', 'a b@c.de', 'a@b', 'a@@b.de', 'a@b.de@c', 'a@b.de x', 'a@b.d'])(
    'refuses %s',
    (e) => expect(emailFehler(e)).toBe('E-Mail-Adresse ist ungültig.'),
  );
});
