import { domainError } from '../../shared/domain-error.testing';
import {
  monate,
  monatsgrenzen,
  monatsZeitraum,
  rechnungsbuchungen,
  zahlungsbuchung,
} from './datev-buchungen';
import {
  datevMandant,
  pruefeDatevEinstellungen,
  standardDatevEinstellungen,
  type DatevEinstellungen,
} from './datev-einstellungen';

const einstellungen: DatevEinstellungen = {
  ...standardDatevEinstellungen('03'),
  beraternummer: 29098,
  mandantennummer: 55003,
};

describe('DATEV postings of invoices and payments', () => {
  it('books one posting per VAT rate, gross, from the member’s debtor to the rate’s revenue account', () => {
    const buchungen = rechnungsbuchungen(
      {
        rechnungs_nr: 'RE-2026-0001',
        datum: '2026-03-05',
        category: 'produkte',
        steuern: [
          { satz: 0, brutto: 10000 },
          { satz: 7, brutto: 1070 },
          { satz: 19, brutto: 11900 },
        ],
        debitor: 10042,
        name: 'Erika Muster',
      },
      einstellungen,
    );
    expect(buchungen.map((b) => [b.betrag, b.konto, b.gegenkonto, b.belegfeld1])).toEqual([
      [10000, 10042, 8100, 'RE-2026-0001'],
      [1070, 10042, 8300, 'RE-2026-0001'],
      [11900, 10042, 8400, 'RE-2026-0001'],
    ]);
    expect(buchungen[0].buchungstext).toBe('Rechnung Erika Muster');
  });

  it('books a storno as the reversal (negative: Haben on the debtor), a member without number on the collective debtor', () => {
    const [b] = rechnungsbuchungen(
      {
        rechnungs_nr: 'ST-1',
        datum: '2026-03-06',
        category: 'seminare',
        steuern: [{ satz: 0, brutto: -25000 }],
        debitor: null,
        name: 'Erika Muster',
        storno_zu: 'RE-2026-0001',
      },
      {
        ...einstellungen,
        erloeskonten: {
          ...einstellungen.erloeskonten,
          seminare: { ...einstellungen.erloeskonten.seminare, '0': { konto: 8110, bu: '' } },
        },
      },
    );
    expect(b).toMatchObject({
      betrag: -25000,
      konto: 10000,
      gegenkonto: 8110,
      buchungstext: 'Storno zu RE-2026-0001 Erika Muster',
    });
  });

  it('refuses a rate without a revenue account, naming it', () => {
    const fehler = domainError(() =>
      rechnungsbuchungen(
        {
          rechnungs_nr: 'R9',
          datum: '2026-03-06',
          category: 'abos',
          steuern: [{ satz: 5.5, brutto: 100 }],
          debitor: null,
          name: 'x',
        },
        einstellungen,
      ),
    );
    expect(fehler.message).toContain('5,5 %');
  });

  it('books received, returned and refunded payments between bank and debtor; a netting not at all', () => {
    const zahlung = (art: 'eingang' | 'ruecklastschrift' | 'verrechnung', betrag: number) =>
      zahlungsbuchung(
        { rechnungs_nr: 'RE-1', datum: '2026-03-10', betrag, art, debitor: 10001, name: 'E. M.' },
        einstellungen,
      );
    expect(zahlung('eingang', 5000)).toMatchObject({
      betrag: 5000,
      konto: 1200,
      gegenkonto: 10001,
      belegfeld1: 'RE-1',
    });
    expect(zahlung('ruecklastschrift', -5000)).toMatchObject({
      betrag: -5000,
      buchungstext: 'Rücklastschrift E. M.',
    });
    expect(zahlung('verrechnung', 5000)).toBeNull();
  });

  it('lists the months of a period and their bounds', () => {
    expect(monate('2025-11', '2026-02')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(monatsgrenzen('2024-02')).toEqual({ von: '2024-02-01', bis: '2024-02-29' });
    expect(domainError(() => monate('2026-03', '2026-01')).kind).toBe('invalid');
  });
});

describe('DATEV settings', () => {
  it('names SKR04 defaults', () => {
    const skr04 = standardDatevEinstellungen('04');
    expect(skr04.geldkonto).toBe(1800);
    expect(skr04.erloeskonten.seminare['0'].konto).toBe(4100);
    expect(skr04.erloeskonten.produkte['19'].konto).toBe(4400);
  });

  it('refuses missing numbers and accounts of the wrong length, by field', () => {
    const fehler = domainError(() =>
      pruefeDatevEinstellungen({ ...standardDatevEinstellungen(), sammeldebitor: 1234, geldkonto: 12000 }),
    );
    expect(Object.keys(fehler.errors ?? {}).sort()).toEqual(
      ['beraternummer', 'geldkonto', 'mandantennummer', 'sammeldebitor'].sort(),
    );
  });

  it('puts the fiscal year start before the period and asks for the numbers first', () => {
    expect(datevMandant({ ...einstellungen, wj_beginn_monat: 7 }, '2026-03-01').wjBeginn).toBe('2025-07-01');
    expect(datevMandant(einstellungen, '2026-03-01').wjBeginn).toBe('2026-01-01');
    expect(domainError(() => datevMandant(standardDatevEinstellungen(), '2026-03-01')).kind).toBe('conflict');
  });
});

describe('monatsZeitraum', () => {
  it('spans a Berlin month from its first midnight to the next month’s, across summer time', () => {
    expect(monatsZeitraum('2026-03')).toEqual({
      ab: new Date('2026-02-28T23:00:00Z'),
      vor: new Date('2026-03-31T22:00:00Z'),
    });
    expect(monatsZeitraum('2026-12')).toEqual({
      ab: new Date('2026-11-30T23:00:00Z'),
      vor: new Date('2026-12-31T23:00:00Z'),
    });
  });
});
