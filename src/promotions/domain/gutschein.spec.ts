import { GUTSCHEIN_ZEICHEN } from '../../../common/gutschein';
import { DomainError } from '../../shared/domain-error';
import {
  GUTSCHEIN_VERGEBEN,
  gutscheinAnwenden,
  gutscheinBinden,
  gutscheinFreigeben,
  neueCodes,
  type Gutschein,
} from './gutschein';

const gutschein = (aenderung: Partial<Gutschein> = {}): Gutschein => ({
  code: 'HERBST2026',
  typ: 'full',
  wert: 0,
  valid: true,
  relation: null,
  relation_id: null,
  ...aenderung,
});

function expectDomainError(run: () => unknown, kind: string, message: string) {
  let error: unknown;
  try {
    run();
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(DomainError);
  expect({ kind: (error as DomainError).kind, message: (error as DomainError).message }).toEqual({
    kind,
    message,
  });
}

describe('a voucher applied to a booking of seminar 100', () => {
  it.each([
    ['full: fixed price 149 € of 249 €', { typ: 'full', wert: 14900 }, 24900, 10000, 14900],
    ['full: fixed price above the price takes nothing', { typ: 'full', wert: 30000 }, 24900, 0, 24900],
    ['full: fixed price 0 €', { typ: 'full', wert: 0 }, 24900, 24900, 0],
    ['percent 15 %', { typ: 'percent', wert: 15 }, 24900, 3735, 21165],
    ['percent 12,5 % of 99,99 € rounds to the cent', { typ: 'percent', wert: 12.5 }, 9999, 1250, 8749],
    ['percent 100 %', { typ: 'percent', wert: 100 }, 24900, 24900, 0],
    ['reduction 25,50 €', { typ: 'reduction', wert: 2550 }, 24900, 2550, 22350],
    ['reduction above the price ends at 0', { typ: 'reduction', wert: 30000 }, 24900, 24900, 0],
    [
      'a voucher of this seminar',
      { typ: 'reduction', wert: 1000, relation: 'Veranstaltung', relation_id: 100 },
      5000,
      1000,
      4000,
    ],
  ] as const)('%s', (_, aenderung, preis, abzug, betrag) => {
    expect(gutscheinAnwenden(gutschein(aenderung), { preis, seminarId: 100 })).toEqual({ abzug, betrag });
  });

  it('refuses with the three German messages', () => {
    const buchung = { preis: 24900, seminarId: 100 };
    expectDomainError(() => gutscheinAnwenden(null, buchung), 'not_found', 'Gutschein existiert nicht!');
    expectDomainError(
      () => gutscheinAnwenden(gutschein({ valid: false }), buchung),
      'conflict',
      'Gutschein ist ungültig!',
    );
    expectDomainError(
      () => gutscheinAnwenden(gutschein({ relation: 'Veranstaltung', relation_id: 101 }), buchung),
      'conflict',
      'Der Gutschein ist hier nicht anwendbar!',
    );
  });
});

describe('the refusals of a voucher', () => {
  const code = (run: () => unknown) => {
    try {
      run();
    } catch (e) {
      return (e as DomainError).code;
    }
    return null;
  };
  const buchung = { preis: 24900, seminarId: 100 };

  it('carry stable codes', () => {
    expect(code(() => gutscheinAnwenden(null, buchung))).toBe('GUTSCHEIN_FEHLT');
    expect(code(() => gutscheinAnwenden(gutschein({ valid: false }), buchung))).toBe('GUTSCHEIN_UNGUELTIG');
    expect(
      code(() => gutscheinAnwenden(gutschein({ relation: 'Veranstaltung', relation_id: 7 }), buchung)),
    ).toBe('GUTSCHEIN_NICHT_HIER');
  });

  it('take a voucher bound to something else than a seminar for no seminar, whatever its id', () => {
    expect(code(() => gutscheinAnwenden(gutschein({ relation: 'Bundle', relation_id: 100 }), buchung))).toBe(
      'GUTSCHEIN_NICHT_HIER',
    );
  });
});

describe('new codes', () => {
  it('are 10 characters of the unambiguous alphabet, each of the 256 byte values mapping without bias', () => {
    const [code] = neueCodes(1, () => Uint8Array.from([0, 31, 32, 63, 64, 223, 224, 255, 8, 40]));
    expect(code).toBe('A9A9A9A9JJ');
    const zaehler = new Map<string, number>();
    for (let byte = 0; byte < 256; byte++) {
      const [c] = neueCodes(1, () => new Uint8Array(10).fill(byte));
      zaehler.set(c[0], (zaehler.get(c[0]) ?? 0) + 1);
    }
    expect([...zaehler.values()].every((n) => n === 8)).toBe(true);
    expect([...zaehler.keys()].sort().join('')).toBe([...GUTSCHEIN_ZEICHEN].sort().join(''));
    expect(GUTSCHEIN_ZEICHEN).not.toMatch(/[O0I1]/);
    expect(neueCodes(50, (n) => crypto.getRandomValues(new Uint8Array(n)))).toHaveLength(50);
  });

  it('draws again for codes repeated within the batch', () => {
    let aufruf = 0;
    // The first draw gives the same code twice; the second draw replaces one of them.
    const zufall = (n: number) => new Uint8Array(n).fill(aufruf++);
    const angefragt: number[] = [];
    const codes = neueCodes(2, (n) => {
      angefragt.push(n);
      return zufall(n);
    });
    expect(codes).toEqual(['AAAAAAAAAA', 'BBBBBBBBBB']);
    // The second draw asks only for the one code still missing.
    expect(angefragt).toEqual([20, 10]);
  });
});

describe('the booking that holds a voucher', () => {
  it.each([
    [
      'the holding booking releases it',
      { valid: false, rw_transaction_id: 7 },
      { valid: true, rw_transaction_id: null },
    ],
    ['a second release changes nothing', { valid: true, rw_transaction_id: null }, null],
    ['a voucher another booking holds stays used', { valid: false, rw_transaction_id: 8 }, null],
    ['a voucher staff made invalid stays invalid', { valid: false, rw_transaction_id: null }, null],
  ])('released by booking 7: %s', (_, vorher, nachher) => {
    expect(gutscheinFreigeben(vorher, 7)).toEqual(nachher);
  });

  it('is released once when booking 7 is cancelled and then deleted', () => {
    const einmal = gutscheinFreigeben({ valid: false, rw_transaction_id: 7 }, 7)!;
    expect(einmal).toEqual({ valid: true, rw_transaction_id: null });
    expect(gutscheinFreigeben(einmal, 7)).toBeNull();
  });

  it.each([
    [
      'just redeemed by its booking, which becomes its holder',
      { valid: false, rw_transaction_id: null },
      { valid: false, rw_transaction_id: 7 },
    ],
    [
      'free again: a lifted cancellation redeems it again',
      { valid: true, rw_transaction_id: null },
      { valid: false, rw_transaction_id: 7 },
    ],
    ['already held by the booking: nothing changes', { valid: false, rw_transaction_id: 7 }, null],
  ])('bound to booking 7: %s', (_, vorher, nachher) => {
    expect(gutscheinBinden(vorher, 7)).toEqual(nachher);
  });

  it('refuses to bind a voucher another booking holds', () => {
    expectDomainError(
      () => gutscheinBinden({ valid: false, rw_transaction_id: 8 }, 7),
      'conflict',
      GUTSCHEIN_VERGEBEN,
    );
  });
});
