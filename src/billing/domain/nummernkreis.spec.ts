import { formatNummer, naechsteDebitorVorschau, naechsteNummer, pruefeKreisAenderung } from './nummernkreis';
import { domainError, ungueltigeEingabe } from '../../shared/domain-error.testing';
import { bezahlTypLabel, kategorieIdFeld, kategorieObjekt } from './kategorie';

describe('number circles', () => {
  const date = new Date('2026-12-31T23:30:00Z'); // already 2027-01-01 in Berlin

  it('formats the placeholders in Berlin time', () => {
    expect(formatNummer('RE-{YYYY}-{NR}', 42, date)).toBe('RE-2027-42');
    expect(formatNummer('{YY}{MM}{DD}/{NR:5}', 42, date)).toBe('270101/00042');
    expect(formatNummer('RE-{yyyy}-{nr:5}', 42, date)).toBe('RE-2027-00042');
    expect(formatNummer('R{yy}{mm}{dd}-{nr}', 7, date)).toBe('R270101-7');
  });

  it('appends the number when the template has no {NR}', () => {
    expect(formatNummer('D-', 7, date)).toBe('D-7');
    expect(formatNummer(null, 7, date)).toBe('7');
    expect(formatNummer('RE-{yyyy}-', 7, date)).toBe('RE-2027-7');
  });

  it('pads to a two-digit width too, starts at 0 and refuses numbers that are none', () => {
    expect(formatNummer('{NR:12}', 42, date)).toBe('000000000042');
    expect(formatNummer('{NR:3}', 0, date)).toBe('000');
    for (const nr of [-1, 1.5, NaN]) expect(() => formatNummer('{NR}', nr, date)).toThrow(RangeError);
  });

  it('counts on without gaps and adds the offset to the printed number', () => {
    const first = naechsteNummer({ template: 'RE-{NR:4}', current_nr: 0, offset_nr: 1000 }, date);
    expect(first).toEqual({ current_nr: 1, nummer: 'RE-1001' });
    const second = naechsteNummer(
      { template: 'RE-{NR:4}', current_nr: first.current_nr, offset_nr: 1000 },
      date,
    );
    expect(second).toEqual({ current_nr: 2, nummer: 'RE-1002' });
  });
});

describe('categories and payment types', () => {
  it('maps a category to its id field and refuses an unknown one', () => {
    expect(kategorieIdFeld('seminare')).toBe('veranstaltung_id');
    expect(kategorieIdFeld('abos')).toBe('wb_abo_id');
    expect(kategorieIdFeld('bundle')).toBe('wb_bundle_id');
    expect(kategorieIdFeld('produkte')).toBe('warenkorb_id');
    expect(() => kategorieIdFeld('kurse')).toThrow('bad category');
  });

  it('labels payment types in German', () => {
    expect(bezahlTypLabel('debit')).toBe('Einzugsermächtigung');
    expect(bezahlTypLabel('transfer')).toBe('Überweisung');
    expect(bezahlTypLabel(null)).toBe('');
  });
});

describe('the billed object of a request', () => {
  it('names category, id field and id', () => {
    expect(kategorieObjekt({ category: 'seminare', category_id: 12 })).toEqual({
      category: 'seminare',
      feld: 'veranstaltung_id',
      id: 12,
    });
    expect(kategorieObjekt({ category: 'abos', category_id: '7' })).toMatchObject({
      feld: 'wb_abo_id',
      id: 7,
    });
  });

  it.each([
    [{ category: 'kurse', category_id: 1 }, 'bad category'],
    [{ category_id: 1 }, 'bad category'],
    [{ category: 'bundle' }, '„category_id“ muss die ID des abzurechnenden Eintrags sein.'],
    [{ category: 'bundle', category_id: -3 }, '„category_id“ muss die ID des abzurechnenden Eintrags sein.'],
    [
      { category: 'bundle', category_id: '1; DROP' },
      '„category_id“ muss die ID des abzurechnenden Eintrags sein.',
    ],
  ])('refuses %j with 400', (body, message) => {
    expect(ungueltigeEingabe(() => kategorieObjekt(body))).toBe(message);
  });
});

describe('editing a number circle (issue 26)', () => {
  const neu = { template: 'RE-{YYYY}-{NR:5}', current_nr: 0, offset_nr: 1000 };
  const benutzt = { ...neu, current_nr: 3 };

  it('lets counter and starting number be set before the first number, not below 0', () => {
    expect(() => pruefeKreisAenderung('rw-kreis', { current_nr: 41, offset_nr: 5000 }, neu)).not.toThrow();
    expect(() => pruefeKreisAenderung('rw-kreis', { titel: 'Neu', offset_nr: 0 })).not.toThrow();
    expect(ungueltigeEingabe(() => pruefeKreisAenderung('rw-kreis', { offset_nr: -1 }))).toBe(
      'Bitte prüfen Sie die Eingaben: „offset_nr“ darf nicht negativ sein.',
    );
    expect(domainError(() => pruefeKreisAenderung('rw-kreis', { current_nr: -5 }, neu)).errors).toEqual({
      current_nr: 'darf nicht negativ sein',
    });
  });

  it('keeps counter and starting number once a number was taken, with a German 409', () => {
    for (const werte of [
      { current_nr: 0 },
      { current_nr: 2 },
      { offset_nr: 2000 },
      { offset_nr: 1000, current_nr: 7 },
    ]) {
      const error = domainError(() => pruefeKreisAenderung('rw-kreis', werte, benutzt));
      expect([error.kind, error.code]).toEqual(['conflict', 'KREIS_IN_BENUTZUNG']);
    }
    expect(domainError(() => pruefeKreisAenderung('rw-kreis', { offset_nr: 2000 }, benutzt)).message).toBe(
      'Aus diesem Kreis wurden bereits 3 Nummern vergeben; „Startnummer“ kann nicht mehr geändert werden, ' +
        'sonst würden Nummern doppelt vergeben oder übersprungen. Die Vorlage bleibt änderbar, etwa für ein neues Jahr.',
    );
    expect(
      domainError(() =>
        pruefeKreisAenderung(
          'rw-debitor-kreis',
          { current_nr: 0, offset_nr: 0 },
          { ...benutzt, current_nr: 1 },
        ),
      ).message,
    ).toMatch(
      /^Aus diesem Kreis wurde bereits eine Nummer vergeben; „Aktuelle Nummer“, „Startnummer“ können/,
    );
  });

  it('lets template and title change, and the unchanged counters be sent back', () => {
    expect(() =>
      pruefeKreisAenderung('rw-kreis', { ...benutzt, template: 'RE-2027-{NR:5}', titel: 'Ab 2027' }, benutzt),
    ).not.toThrow();
  });
});

describe('naechsteDebitorVorschau', () => {
  it('is the number the next save takes: offset plus the counter moved on by one', () => {
    const kreis = { template: null, current_nr: 4, offset_nr: 70000 };
    expect(naechsteDebitorVorschau(kreis)).toBe(70005);
    expect(naechsteDebitorVorschau(kreis)).toBe(
      kreis.offset_nr + naechsteNummer(kreis, new Date()).current_nr,
    );
  });
});
