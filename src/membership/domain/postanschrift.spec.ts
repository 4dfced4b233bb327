import { anschriftZeilen, briefAdresse, type AdressFelder } from './postanschrift';

const adresse = (id: number, felder: Partial<AdressFelder> = {}): AdressFelder => ({
  id,
  zeile1: null,
  zeile2: null,
  zeile3: null,
  zeile4: null,
  zeile5: null,
  zeile6: null,
  strasse: null,
  plz: null,
  ort: null,
  deaktiv: false,
  ...felder,
});

describe('postal address of a letter', () => {
  it('prints the kept lines as the whole block, else name, street and postcode with town', () => {
    const name = ['Kanzlei Weiß', 'Björn Weiß'];
    expect(
      anschriftZeilen(
        adresse(1, {
          zeile1: 'Björn Weiß',
          zeile2: ' ',
          zeile3: 'Postfach 7',
          strasse: 'Königstraße 1',
          ort: 'Ulm',
        }),
        name,
      ),
    ).toEqual(['Björn Weiß', 'Postfach 7']);
    expect(
      anschriftZeilen(adresse(1, { strasse: 'Königstraße 1', plz: '70173', ort: 'Stuttgart' }), name),
    ).toEqual(['Kanzlei Weiß', 'Björn Weiß', 'Königstraße 1', '70173 Stuttgart']);
    expect(anschriftZeilen(adresse(1, { ort: 'Ulm' }), [null, 'Anna'])).toEqual(['Anna', 'Ulm']);
  });

  it('takes the member address, then the invoice address, then the first active one', () => {
    const alle = [adresse(5), adresse(3, { deaktiv: true }), adresse(4), adresse(9)];
    expect(briefAdresse({ mi_adresse_id: 9, re_adresse_id: 4 }, alle)?.id).toBe(9);
    expect(briefAdresse({ mi_adresse_id: null, re_adresse_id: 4 }, alle)?.id).toBe(4);
    expect(briefAdresse({ mi_adresse_id: 3, re_adresse_id: null }, alle)?.id).toBe(4);
    expect(briefAdresse({ mi_adresse_id: 77, re_adresse_id: null }, [])).toBeUndefined();
  });
});
