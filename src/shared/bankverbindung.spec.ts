import {
  bicFehler,
  ibanFehler,
  ibanMaskiert,
  ibanMitPruefziffer,
  normaliseBic,
  normaliseIban,
} from './bankverbindung';

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

  it('refuses a wrong length for the country, too short or too long', () => {
    expect(ibanFehler('DE8937040044053201300')).toMatch(/für DE sind 22 Stellen nötig, nicht 21/);
    // Issue 27: a too-long IBAN was accepted by a mutant of this check and no test noticed.
    expect(ibanFehler('DE893704004405320130000')).toBe(
      'IBAN ist ungültig: für DE sind 22 Stellen nötig, nicht 23.',
    );
    expect(ibanFehler(ibanMitPruefziffer('DE', '3704004405320130000'))).toMatch(/nicht 23/);
  });

  it('refuses unknown countries and garbage', () => {
    expect(ibanFehler('XX89370400440532013000')).toMatch(/unbekannte Länderkennung „XX“/);
    expect(ibanFehler('3704 0044')).toMatch(/Länderkennung und Prüfziffer/);
  });

  // Each would pass the later checks' first step or be refused with a reason that misleads.
  it.each(['1DE89370400440532013000', 'DE89370400440532013000-', 'DE8A370400440532013000', 'DE'])(
    'refuses %s as no IBAN shape at all',
    (iban) =>
      expect(ibanFehler(iban)).toBe(
        'IBAN ist ungültig: sie beginnt mit Länderkennung und Prüfziffer (z. B. DE89…) und enthält nur Buchstaben und Ziffern.',
      ),
  );

  it('normalises spaces and case', () => {
    expect(normaliseIban(' de89 3704 0044 0532 0130 00 ')).toBe('DE89370400440532013000');
  });
});

describe('IBAN check digits for generated data', () => {
  it('completes a BBAN to a valid IBAN', () => {
    expect(ibanMitPruefziffer('DE', '370400440532013000')).toBe('DE89370400440532013000');
    expect(ibanMitPruefziffer('NL', 'ABNA0417164300')).toBe('NL91ABNA0417164300');
  });

  it('writes check digits below 10 with a leading zero', () => {
    const bbans = Array.from({ length: 300 }, (_, i) => String(370400440532013000n + BigInt(i)));
    const ibans = bbans.map((bban) => ibanMitPruefziffer('DE', bban));
    const klein = ibans.filter((iban) => iban.slice(2, 4) < '10');
    expect(klein.length).toBeGreaterThan(0);
    for (const iban of ibans) expect(ibanFehler(iban)).toBeNull();
  });
});

describe('BIC', () => {
  it('normalises spaces and case', () => {
    expect(normaliseBic(' coba de ff xxx ')).toBe('COBADEFFXXX');
  });

  it.each(['COBADEFFXXX', 'cobadeff', 'BYLADEM1001'])('accepts %s', (bic) =>
    expect(bicFehler(bic)).toBeNull(),
  );
  it.each(['COBADEF', 'COBADEFFXX', '1OBADEFF'])('refuses %s', (bic) =>
    expect(bicFehler(bic)).toMatch(/BIC ist ungültig/),
  );
});

describe('ibanMaskiert', () => {
  it('keeps only the last four characters', () => {
    expect(ibanMaskiert('DE89 3704 0044 0532 0130 00')).toBe('******************3000');
    expect(ibanMaskiert(null)).toBeNull();
  });
});
