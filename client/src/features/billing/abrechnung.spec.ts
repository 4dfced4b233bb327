import {
  ABO_ABRECHNUNG,
  objektVorgaenge,
  SEMINAR_ABRECHNUNG,
  aboZahler,
  bezahlungErzwungen,
  exportMeldung,
  laufMeldung,
  mitgliederAusVorgaengen,
  vorgangAktionen,
} from './abrechnung';

describe('billing overview rules', () => {
  it('lists the members of the current transactions with their sums to the cent', () => {
    const mitglieder = mitgliederAusVorgaengen([
      { id: 1, benutzer_id: 2, betrag: 0.1, Benutzer: { anzeigename: 'Schäfer, Bärbel', kennnummer: '1' } },
      { id: 2, benutzer_id: 2, betrag: 0.2, verifiziert: true },
      { id: 3, benutzer_id: 2, betrag: 100, rw_rechnung_id: 4 },
      { id: 4, benutzer_id: 2, betrag: 50, storno: true },
      { id: 5, benutzer_id: 2, betrag: 60, child_id: 6 },
      { id: 6, benutzer_id: 1, betrag: 10, Benutzer: { anzeigename: 'Müller & Partner', kennnummer: '2' } },
    ]);
    expect(mitglieder).toEqual([
      {
        id: 1,
        name: 'Müller & Partner',
        kennnummer: '2',
        anzahl: 1,
        offen: 1,
        verifiziert: 0,
        abgerechnet: 0,
        betrag: 10,
      },
      {
        id: 2,
        name: 'Schäfer, Bärbel',
        kennnummer: '1',
        anzahl: 3,
        offen: 1,
        verifiziert: 1,
        abgerechnet: 1,
        betrag: 100.3,
      },
    ]);
  });

  it('reports the run’s counts and every missing payment option', () => {
    expect(
      laufMeldung({ all: 3, created: 2, storno: 1, fehler: ['Für Schäfer fehlt eine Zahlungsart'] }),
    ).toEqual([
      'Mitglieder mit offenen Vorgängen: 3, Rechnungen erstellt: 2, Storno-Rechnungen: 1',
      'Für Schäfer fehlt eine Zahlungsart',
    ]);
  });

  it('reports an export’s summary and the run’s missing payment options', () => {
    expect(
      exportMeldung({ id: 7, all: 3, created: 2, storno: 1, fehler: ['Für Schäfer fehlt eine Zahlungsart'] }),
    ).toEqual([
      'Abrechnung 7 erstellt: 3 Rechnungen (davon 1 Storno-Rechnungen).',
      'Für Schäfer fehlt eine Zahlungsart',
    ]);
  });

  it('verifies only open uncancelled transactions and cancels only uncancelled ones', () => {
    expect(vorgangAktionen({ verifiziert: false, storno: false })).toEqual({
      verifizieren: true,
      stornieren: true,
    });
    expect(vorgangAktionen({ verifiziert: false, storno: true })).toEqual({
      verifizieren: false,
      stornieren: false,
    });
    expect(vorgangAktionen({ verifiziert: true, rw_rechnung_id: 3 })).toEqual({
      verifizieren: false,
      stornieren: true,
    });
    expect(vorgangAktionen({ child_id: 9 })).toEqual({ verifizieren: false, stornieren: false });
  });

  it('forces the payment tab open for a missing option or a failed load', () => {
    expect(bezahlungErzwungen(false, undefined, undefined)).toBe(false);
    expect(bezahlungErzwungen(true, null, undefined)).toBe(true);
    expect(bezahlungErzwungen(false, undefined, new Error('x'))).toBe(true);
    expect(bezahlungErzwungen(true, { id: 1 }, undefined)).toBe(false);
  });

  it('asks for a seminar’s transactions with its events’ by the server’s named filter, an Abo’s by its id', () => {
    expect(objektVorgaenge(SEMINAR_ABRECHNUNG, 17, 'aktuell')).toEqual({
      where: { category: 'seminare' },
      scope: 'aktuell,seminar:17',
    });
    expect(objektVorgaenge(ABO_ABRECHNUNG, 4, 'neueste')).toEqual({
      where: { category: 'abos', wb_abo_id: 4 },
      scope: 'neueste',
    });
  });

  it('bills an employee’s Abo booking to its employer', () => {
    expect(aboZahler({ benutzer_id: 6, Benutzer: { id: 6, parent_id: 3 } })).toBe(3);
    expect(aboZahler({ benutzer_id: 22, Benutzer: { id: 22, parent_id: null } })).toBe(22);
  });
});
