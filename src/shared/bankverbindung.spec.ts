import { bicFehler, ibanFehler, normaliseIban } from './bankverbindung';

describe('IBAN', () => {
  it.each([
    'DE89 3704 0044 0532 0130 00',
    'de89370400440532013000',
    'AT611904300234573201',
    'NL91ABNA0417164300',
  ])('accepts %s', (iban) => expect(ibanFehler(iban)).toBeNull());

  it('refuses a wrong checksum', () => {
    expect(ibanFehler('DE89370400440532013001')).toMatch(/Prüfsumme/);
  });

  it('refuses a wrong length for the country', () => {
    expect(ibanFehler('DE8937040044053201300')).toMatch(/für DE sind 22 Stellen nötig, nicht 21/);
  });

  it('refuses unknown countries and garbage', () => {
    expect(ibanFehler('XX89370400440532013000')).toMatch(/unbekannte Länderkennung „XX“/);
    expect(ibanFehler('3704 0044')).toMatch(/Länderkennung und Prüfziffer/);
  });

  it('normalises spaces and case', () => {
    expect(normaliseIban(' de89 3704 0044 0532 0130 00 ')).toBe('DE89370400440532013000');
  });
});

describe('BIC', () => {
  it.each(['COBADEFFXXX', 'cobadeff', 'BYLADEM1001'])('accepts %s', (bic) =>
    expect(bicFehler(bic)).toBeNull(),
  );
  it.each(['COBADEF', 'COBADEFFXX', '1OBADEFF'])('refuses %s', (bic) =>
    expect(bicFehler(bic)).toMatch(/BIC ist ungültig/),
  );
});
