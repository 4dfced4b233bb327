import { nochZuVersenden, versandFehler, versandMeldung } from './rechnungsversand';

describe('the batch e-mail of a summary (issue 28)', () => {
  it('leaves out the invoices a batch has mailed already', () => {
    const am = new Date('2026-03-10T09:00:00Z');
    const alle = [{ id: 1, email_versendet_am: am }, { id: 2, email_versendet_am: null }, { id: 3 }];
    expect(nochZuVersenden(alle).map((r) => r.id)).toEqual([2, 3]);
  });

  it('says how many went and how many had gone before', () => {
    expect(versandMeldung({ versendet: 3, bereits: 6, fehler: [] }, 'ok')).toBe(
      '3 Rechnungen versendet, 6 waren bereits versendet',
    );
    expect(versandMeldung({ versendet: 1, bereits: 1, fehler: [] }, 'ok')).toBe(
      '1 Rechnung versendet, 1 war bereits versendet',
    );
    expect(versandMeldung({ versendet: 0, bereits: 9, fehler: [] }, 'ok')).toBe(
      '0 Rechnungen versendet, 9 waren bereits versendet',
    );
  });

  it('keeps the plain success message when nothing had gone before', () => {
    expect(versandMeldung({ versendet: 9, bereits: 0, fehler: [] }, 'Email erfolgreich versendet')).toBe(
      'Email erfolgreich versendet',
    );
  });

  it('names the invoices that could not be sent', () => {
    expect(versandFehler({ versendet: 1, bereits: 0, fehler: ['RE-1: keine Adresse'] })).toBe(
      '1 von 2 Rechnungen versendet; nicht versendet: RE-1: keine Adresse',
    );
    expect(versandFehler({ versendet: 0, bereits: 2, fehler: ['RE-3: x', 'RE-4: y'] })).toBe(
      '0 von 2 Rechnungen versendet, 2 waren bereits versendet; nicht versendet: RE-3: x RE-4: y',
    );
    expect(versandFehler({ versendet: 0, bereits: 1, fehler: ['RE-3: x'] })).toContain(
      ', 1 war bereits versendet;',
    );
  });
});
