import { DomainError } from '../../shared/domain-error';
import { befreiungsgrund, STANDARD_BEFREIUNGSGRUND } from './rechnungsdokument';
import {
  glaeubiger,
  leereVerbandsdaten,
  pruefeVerbandsdaten,
  standardBefreiungsgruende,
  steuernummerFehler,
  ustIdNrFehler,
  type Verbandsdaten,
} from './verbandsdaten';

const gueltig: Verbandsdaten = {
  name: ' Steuerberaterverband Düsseldorf e. V. ',
  strasse: 'Grafenberger Allee 98',
  plz: '40237',
  ort: 'Düsseldorf',
  steuernummer: '103/5701/0815',
  ust_idnr: 'de 811 234 567',
  iban: 'de02 1203 0000 0000 2020 51',
  bic: 'byladem1001',
  bank: '',
  glaeubiger_id: 'de98zzz09999999999',
  kontakt_name: null,
  kontakt_telefon: null,
  kontakt_email: null,
  befreiungsgruende: standardBefreiungsgruende(),
};

function fehler(werte: Verbandsdaten): Record<string, string> {
  try {
    pruefeVerbandsdaten(werte);
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return (error as DomainError).errors ?? {};
  }
  throw new Error('nicht abgelehnt');
}

describe('association data (§ 14 UStG, issue 28)', () => {
  it('normalises what staff typed', () => {
    expect(pruefeVerbandsdaten(gueltig)).toEqual({
      ...gueltig,
      name: 'Steuerberaterverband Düsseldorf e. V.',
      ust_idnr: 'DE811234567',
      iban: 'DE02120300000000202051',
      bic: 'BYLADEM1001',
      bank: null,
      glaeubiger_id: 'DE98ZZZ09999999999',
    });
  });

  it('needs a Steuernummer or a USt-IdNr, either alone is enough', () => {
    expect(fehler({ ...gueltig, steuernummer: null, ust_idnr: ' ' })).toEqual({
      steuernummer: 'oder USt-IdNr. muss angegeben sein',
    });
    expect(pruefeVerbandsdaten({ ...gueltig, steuernummer: null }).ust_idnr).toBe('DE811234567');
    expect(pruefeVerbandsdaten({ ...gueltig, ust_idnr: null }).steuernummer).toBe('103/5701/0815');
  });

  it.each(['21/815/08150', '181/815/08155', '93815/08152', '013 815 08153', '9181081508155', '12/345/67890'])(
    'takes the Steuernummer %s',
    (nr) => expect(steuernummerFehler(nr)).toBeNull(),
  );

  it.each([
    '21/815/0815',
    '1234567890',
    '21-815-08150',
    '2893/081/50820',
    'DE123456789',
    '123/4567/89012',
    '1/2/3',
  ])('refuses the Steuernummer %s', (nr) => expect(steuernummerFehler(nr)).toMatch(/^ist ungültig/));

  it('takes a USt-IdNr as DE and 9 digits only', () => {
    expect(ustIdNrFehler('DE123456789')).toBeNull();
    expect(ustIdNrFehler('DE12345678')).toMatch(/DE.*9 Ziffern/);
    expect(ustIdNrFehler('AT123456789')).not.toBeNull();
    expect(ustIdNrFehler('DE1234567890')).not.toBeNull();
  });

  it('names every bad field in German and stores nothing', () => {
    const e = fehler({
      ...gueltig,
      name: '',
      plz: '4023',
      ust_idnr: 'DE1',
      iban: 'DE02120300000000202052',
      bic: 'XX',
      glaeubiger_id: 'DE97ZZZ09999999999',
      befreiungsgruende: { ...standardBefreiungsgruende(), abos: ' ' },
    });
    expect(e).toEqual({
      name: 'ist ein Pflichtfeld',
      plz: 'muss aus 5 Ziffern bestehen',
      ust_idnr: expect.stringMatching(/^ist ungültig/),
      iban: 'ist ungültig: die Prüfsumme stimmt nicht (Tippfehler?)',
      bic: 'ist ungültig: 8 oder 11 Zeichen (z. B. COBADEFFXXX)',
      glaeubiger_id: expect.stringMatching(/^ist ungültig/),
      'befreiungsgruende.abos': 'ist ein Pflichtfeld',
    });
    try {
      pruefeVerbandsdaten({ ...gueltig, iban: 'DE0212' });
    } catch (error) {
      expect((error as DomainError).message).toBe(
        'Bitte prüfen Sie die Eingaben: „IBAN“ ist ungültig: für DE sind 22 Stellen nötig, nicht 6.',
      );
    }
  });

  it('requires address and IBAN, limits lengths', () => {
    expect(fehler({ ...gueltig, strasse: ' ', ort: '', iban: '' })).toEqual({
      strasse: 'ist ein Pflichtfeld',
      ort: 'ist ein Pflichtfeld',
      iban: 'ist ein Pflichtfeld',
    });
    expect(
      fehler({
        ...gueltig,
        name: 'x'.repeat(141),
        befreiungsgruende: { ...standardBefreiungsgruende(), seminare: 'x'.repeat(301) },
      }),
    ).toEqual({
      name: 'darf höchstens 140 Zeichen lang sein',
      'befreiungsgruende.seminare': 'darf höchstens 300 Zeichen lang sein',
    });
  });

  it('makes the SEPA creditor only from name, IBAN and Gläubiger-ID', () => {
    const daten = pruefeVerbandsdaten(gueltig);
    expect(glaeubiger(daten)).toEqual({
      id: 'DE98ZZZ09999999999',
      name: 'Steuerberaterverband Düsseldorf e. V.',
      iban: 'DE02120300000000202051',
      bic: 'BYLADEM1001',
    });
    expect(glaeubiger({ ...daten, glaeubiger_id: null })).toBeNull();
    expect(glaeubiger({ ...daten, iban: '' })).toBeNull();
    expect(glaeubiger(leereVerbandsdaten())).toBeNull();
  });

  it('starts from the configured SEPA creditor and the default exemption reasons', () => {
    const start = leereVerbandsdaten({ id: 'DE98ZZZ09999999999', name: 'Verband', iban: 'DE02', bic: null });
    expect(start).toMatchObject({
      name: 'Verband',
      iban: 'DE02',
      glaeubiger_id: 'DE98ZZZ09999999999',
      strasse: '',
    });
    expect(start.befreiungsgruende).toEqual({
      seminare: STANDARD_BEFREIUNGSGRUND,
      abos: STANDARD_BEFREIUNGSGRUND,
      bundle: STANDARD_BEFREIUNGSGRUND,
      produkte: STANDARD_BEFREIUNGSGRUND,
    });
    expect(STANDARD_BEFREIUNGSGRUND).toBe('Umsatzsteuerfrei nach § 4 Nr. 22a UStG');
  });

  it('chooses the exemption reason of the category, only when a rate is 0 %', () => {
    const daten = { befreiungsgruende: { ...standardBefreiungsgruende(), bundle: 'Paket steuerfrei' } };
    expect(befreiungsgrund(daten, 'bundle', [19, 0])).toBe('Paket steuerfrei');
    expect(befreiungsgrund(daten, 'abos', [0])).toBe(STANDARD_BEFREIUNGSGRUND);
    expect(befreiungsgrund(daten, 'bundle', [19, 7])).toBeNull();
    expect(befreiungsgrund(daten, 'bundle', [])).toBeNull();
    expect(
      befreiungsgrund({ befreiungsgruende: { ...daten.befreiungsgruende, seminare: 'S' } }, null, [0]),
    ).toBe('S');
  });
});
