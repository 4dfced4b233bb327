import {
  anschriftVollstaendig,
  rechnungsentwuerfe,
  stornoInhalt,
  rechnungsinhalt,
  type Bezahloption,
  type OffenerVorgang,
} from './rechnungslauf';
import { rechnungssummen } from './rechnungsbetraege';

const vorgang = (id: number, benutzer_id: number | null, brutto: number, satz = 19, rw_vorlage_id = 1) =>
  ({
    id,
    benutzer_id,
    benutzer_name: benutzer_id ? `Mitglied ${benutzer_id}` : null,
    brutto,
    satz,
    titel: `Vorgang ${id}`,
    teilnehmer: null,
    rw_vorlage_id,
    rw_kreis_id: 40 + rw_vorlage_id,
  }) satisfies OffenerVorgang;

describe('invoice run drafts', () => {
  const adresse = { strasse: 'Königsallee 1', plz: '40212', ort: 'Düsseldorf' };
  const optionen = new Map([
    [10, { id: 100, typ: 'debit' as const, adresse }],
    [20, { id: 200, typ: 'transfer' as const, adresse }],
  ]);

  it('makes one invoice per member and template, lines in booking order, totals per rate', () => {
    const lauf = rechnungsentwuerfe(
      [vorgang(3, 20, 5000, 7), vorgang(1, 10, 34900), vorgang(2, 10, 31410), vorgang(4, 20, 100, 7, 2)],
      optionen,
    );
    expect(lauf.fehler).toEqual([]);
    expect(lauf.mitglieder).toBe(2);
    expect(
      lauf.entwuerfe.map((e) => [
        e.benutzer_id,
        e.rw_vorlage_id,
        e.rw_kreis_id,
        e.positionen.map((p) => p.vorgang_id),
      ]),
    ).toEqual([
      [10, 1, 41, [1, 2]],
      [20, 1, 41, [3]],
      [20, 2, 42, [4]],
    ]);
    expect(lauf.entwuerfe[0].summen).toEqual(
      rechnungssummen([
        { brutto: 34900, satz: 19 },
        { brutto: 31410, satz: 19 },
      ]),
    );
    expect(lauf.entwuerfe[0].bezahloption).toEqual({ id: 100, typ: 'debit', adresse });
  });

  it('refuses an invoice to a recipient with a name only, reports it once, and invoices the others', () => {
    const ohne = new Map<number, Bezahloption>([
      ...optionen,
      [30, { id: 300, typ: 'transfer' as const, adresse: null }],
      [40, { id: 400, typ: 'transfer' as const, adresse: { strasse: 'Ring 1', plz: ' ', ort: 'Köln' } }],
    ]);
    const lauf = rechnungsentwuerfe(
      [vorgang(1, 30, 100), vorgang(2, 30, 200), vorgang(3, 40, 300), vorgang(4, 10, 400)],
      ohne,
    );
    expect(lauf.fehler).toEqual([
      'Für Mitglied 30 wurde keine Rechnung ausgestellt: die Anschrift der Zahlungsart ist unvollständig (Straße, PLZ und Ort sind nach § 14 UStG nötig)',
      'Für Mitglied 40 wurde keine Rechnung ausgestellt: die Anschrift der Zahlungsart ist unvollständig (Straße, PLZ und Ort sind nach § 14 UStG nötig)',
    ]);
    expect(lauf.mitglieder).toBe(3);
    expect(lauf.entwuerfe.map((e) => e.benutzer_id)).toEqual([10]);
  });

  it('takes an address as complete with street, postcode and town', () => {
    expect(anschriftVollstaendig({ strasse: 'Ring 1', plz: '50667', ort: 'Köln' })).toBe(true);
    expect(anschriftVollstaendig({ strasse: null, plz: '50667', ort: 'Köln' })).toBe(false);
    expect(anschriftVollstaendig({ strasse: 'Ring 1', plz: null, ort: 'Köln' })).toBe(false);
    expect(anschriftVollstaendig({ strasse: 'Ring 1', plz: '50667', ort: '' })).toBe(false);
    expect(anschriftVollstaendig(null)).toBe(false);
  });

  it('reports a member without payment option once and invoices the others', () => {
    const lauf = rechnungsentwuerfe(
      [vorgang(1, 30, 100), vorgang(2, 30, 200), vorgang(3, 10, 300)],
      optionen,
    );
    expect(lauf.fehler).toEqual(['Für Mitglied 30 fehlt eine Zahlungsart']);
    expect(lauf.mitglieder).toBe(2);
    expect(lauf.entwuerfe.map((e) => e.benutzer_id)).toEqual([10]);
  });

  it('reports a transaction without member', () => {
    expect(rechnungsentwuerfe([vorgang(7, null, 100)], optionen).fehler).toEqual([
      'Der Vorgang „Vorgang 7“ ist keinem Mitglied zugeordnet',
    ]);
  });

  it('names a transaction without title by its id and a member without name by its number', () => {
    const lauf = rechnungsentwuerfe(
      [
        { ...vorgang(8, null, 100), titel: null },
        { ...vorgang(9, 31, 100), benutzer_name: null },
      ],
      optionen,
    );
    expect(lauf.fehler).toEqual([
      'Der Vorgang „8“ ist keinem Mitglied zugeordnet',
      'Für #31 fehlt eine Zahlungsart',
    ]);
    expect(lauf).toMatchObject({ entwuerfe: [], mitglieder: 1 });
  });

  it('takes each line as the transaction has it', () => {
    const [entwurf] = rechnungsentwuerfe(
      [{ ...vorgang(5, 10, 1234, 7), teilnehmer: 'Erika Muster' }],
      optionen,
    ).entwuerfe;
    expect(entwurf.positionen).toEqual([
      { vorgang_id: 5, titel: 'Vorgang 5', teilnehmer: 'Erika Muster', brutto: 1234, satz: 7 },
    ]);
  });
});

describe('storno content', () => {
  it('negates every line and total of the cancelled invoice', () => {
    const positionen = [
      { vorgang_id: 1, titel: 'Tagung', teilnehmer: 'Bärbel Schäfer', brutto: 34900, satz: 19 },
      { vorgang_id: 2, titel: 'Skript', teilnehmer: null, brutto: 2990, satz: 7 },
    ];
    const summen = rechnungssummen(positionen);
    const storno = stornoInhalt(rechnungsinhalt(positionen, summen));
    expect(storno.summen).toEqual({
      brutto: -37890,
      netto: -(29328 + 2794),
      mwst: -(5572 + 196),
      steuern: [
        { satz: 7, brutto: -2990, netto: -2794, mwst: -196 },
        { satz: 19, brutto: -34900, netto: -29328, mwst: -5572 },
      ],
    });
    expect(storno.inhalt.positionen).toEqual([
      { vorgang_id: 1, titel: 'Tagung', teilnehmer: 'Bärbel Schäfer', betrag: -349, mwst: 19 },
      { vorgang_id: 2, titel: 'Skript', teilnehmer: null, betrag: -29.9, mwst: 7 },
    ]);
    expect(storno.inhalt.steuern[1]).toEqual({ satz: 19, brutto: -349, netto: -293.28, mwst: -55.72 });
  });

  it('stores the content in euros and cancels a free line as 0, not -0', () => {
    const positionen = [{ vorgang_id: 3, titel: 'Gratis', teilnehmer: null, brutto: 0, satz: 19 }];
    const inhalt = rechnungsinhalt(positionen, rechnungssummen(positionen));
    expect(inhalt).toEqual({
      positionen: [{ vorgang_id: 3, titel: 'Gratis', teilnehmer: null, betrag: 0, mwst: 19 }],
      steuern: [{ satz: 19, brutto: 0, netto: 0, mwst: 0 }],
    });
    expect(Object.is(stornoInhalt(inhalt).inhalt.positionen[0].betrag, 0)).toBe(true);
  });
});
