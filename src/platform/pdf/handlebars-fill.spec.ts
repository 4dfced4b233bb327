import { compileFill, TemplateError } from './handlebars-fill';

describe('compileFill of a source used again (compiled once per process)', () => {
  it('names the template and field of each call in its errors, not those of the first', () => {
    const quelle = 'Rechnung {{nr}} für {{name}}';
    expect(compileFill(quelle, 'Rechnung')({ nr: 'RE-1', name: 'Müller' })).toBe('Rechnung RE-1 für Müller');
    const zweite = compileFill(quelle, 'Storno', 'kopf');
    expect(zweite({ nr: 'ST-1', name: 'Schäfer' })).toBe('Rechnung ST-1 für Schäfer');
    expect(() => zweite({ nr: 'ST-2' })).toThrow(
      new TemplateError('Storno', 'kopf', '„name“ ist in den Daten nicht vorhanden'),
    );
  });

  it('refuses a faulty source on every call, not only on the first', () => {
    for (const titel of ['Erste', 'Zweite'])
      expect(() => compileFill('{{#each}}', titel)).toThrow(
        new RegExp(`^Die Vorlage „${titel}“ kann nicht gefüllt werden`),
      );
  });
});
