import { euroZelle, teilnehmerAuswertung } from './teilnehmer-auswertung';
import type { TeilnehmerZeile } from './teilnehmer';

const zeile = (z: Partial<TeilnehmerZeile>): TeilnehmerZeile => ({
  benutzer_id: 1,
  kennnummer: '1001',
  vorname: 'Anna',
  nachname: 'Adler',
  anzeigename: 'Anna Adler',
  ansprache: null,
  firma: null,
  email: 'anna@example.org',
  typ: 'Mitglied',
  betrag: 0,
  mitglied: true,
  berufsbezeichnung: null,
  stb_datum: null,
  parent: null,
  event_ids: [],
  teilnahme: true,
  nicht_teilnahme: [],
  is_in: true,
  ...z,
});

describe('teilnehmerAuswertung', () => {
  it('writes one line per participant with German heads, Berlin time and euros with a decimal comma', () => {
    const rows = teilnehmerAuswertung([
      {
        // 08:30 UTC in March is 09:30 in Berlin.
        seminar: { lg_id: 'LG-7', titel: 'Umsatzsteuer aktuell', beginn: new Date('2026-03-05T08:30:00Z') },
        liste: [
          zeile({ betrag: 1234.5, typ: 'backoffice, fax' }),
          zeile({
            kennnummer: null,
            nachname: null,
            vorname: null,
            anzeigename: 'Gast',
            mitglied: false,
            typ: null,
            betrag: 80,
            teilnahme: false,
          }),
        ],
      },
    ]);
    expect(rows).toEqual([
      {
        'LG-Nr.': 'LG-7',
        Seminar: 'Umsatzsteuer aktuell',
        Beginn: '05.03.2026 09:30',
        Kennnummer: '1001',
        Nachname: 'Adler',
        Vorname: 'Anna',
        Name: 'Anna Adler',
        Firma: '',
        'E-Mail': 'anna@example.org',
        Berufsbezeichnung: '',
        Mitglied: 'ja',
        Buchungsart: 'Backoffice, Fax',
        Teilgenommen: 'ja',
        'Betrag (€)': '1234,50',
      },
      expect.objectContaining({
        Kennnummer: '',
        Name: 'Gast',
        Mitglied: 'nein',
        Teilgenommen: 'nein',
        'Betrag (€)': '80,00',
      }),
    ]);
  });

  it('leaves a seminar without participants out and an undated one without Beginn', () => {
    expect(
      teilnehmerAuswertung([
        { seminar: { lg_id: null, titel: 'Leer', beginn: null }, liste: [] },
        { seminar: { lg_id: null, titel: 'Ohne Datum', beginn: null }, liste: [zeile({})] },
      ]),
    ).toEqual([expect.objectContaining({ 'LG-Nr.': '', Seminar: 'Ohne Datum', Beginn: '' })]);
  });

  it('writes cents exactly, negative amounts with a minus', () => {
    expect(euroZelle(0.1 + 0.2)).toBe('0,30');
    expect(euroZelle(-12.5)).toBe('-12,50');
    expect(euroZelle(-0.05)).toBe('-0,05');
    expect(euroZelle(0)).toBe('0,00');
  });
});
