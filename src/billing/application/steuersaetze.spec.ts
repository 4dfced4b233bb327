import { Steuerregel } from './steuersaetze';

describe('Steuerregel: the VAT rate billing exports to other contexts (issue 28)', () => {
  const regel = new Steuerregel();

  it("answers a product's own rate, 0 and 7 % included, and the standard rate where nothing names one", () => {
    expect(regel.satz({ produkt: { mwst: 7 } })).toBe(7);
    expect(regel.satz({ produkt: { mwst: 0 } })).toBe(0);
    expect(regel.satz({ produkt: { mwst: null }, turnus: { mwst: null } })).toBe(19);
    expect(regel.satz({})).toBe(19);
  });

  it('takes the rate the invoice run takes: the seminar before the bundle, product and Abo period', () => {
    expect(regel.satz({ seminar: { mwst: 0 }, produkt: { mwst: 7 } })).toBe(0);
    expect(regel.satz({ bundle: { mwst: 7 }, turnus: { mwst: 19 } })).toBe(7);
  });
});
