import {
  anmeldeschlussSichtbar,
  eventFolgt,
  eventGesperrteFelder,
  kostenMitVorgabe,
  mwstSchalter,
  preisEingebbar,
  seminarFolgt,
  sichtbarePreisstufen,
  tlmsUngespeichert,
  type TypVorgaben,
  type Werte,
} from './seminar';

const ring: TypVorgaben = { ringseminar: true, multitermin: false, mwst: 19 };
const mehrtaegig: TypVorgaben = { ringseminar: true, multitermin: true, mwst: 7 };
const ohneMwst: TypVorgaben = { ringseminar: false, multitermin: false, mwst: 0 };

describe('the seminar transitions of spec 001 §4', () => {
  const cases: [string, Werte, Werte, TypVorgaben | null, Werte][] = [
    [
      'choosing a type copies ringseminar, multitermin and the VAT',
      {},
      { veranstaltung_typ_id: 1 },
      ring,
      { veranstaltung_typ_id: 1, nicht_gesamt_buchbar: false, ringseminar: true, mwst: 19 },
    ],
    [
      'a multi-date type makes the seminar not wholly bookable, which clears ringseminar',
      { veranstaltung_typ_id: 1, ringseminar: true, mwst: 19 },
      { veranstaltung_typ_id: 2 },
      mehrtaegig,
      { veranstaltung_typ_id: 2, nicht_gesamt_buchbar: true, ringseminar: false, mwst: 7 },
    ],
    [
      'values the change gives itself are kept',
      {},
      { veranstaltung_typ_id: 1, mwst: 0, ringseminar: false },
      ring,
      { veranstaltung_typ_id: 1, nicht_gesamt_buchbar: false, ringseminar: false, mwst: 0 },
    ],
    [
      'the same type again copies nothing',
      { veranstaltung_typ_id: 1, ringseminar: false, mwst: 0 },
      { veranstaltung_typ_id: 1 },
      ring,
      { veranstaltung_typ_id: 1 },
    ],
    [
      'ticking nicht_gesamt_buchbar clears ringseminar',
      { veranstaltung_typ_id: 1, ringseminar: true },
      { nicht_gesamt_buchbar: true },
      ring,
      { nicht_gesamt_buchbar: true, ringseminar: false },
    ],
    [
      "unticking restores the type's ringseminar",
      { veranstaltung_typ_id: 1, ringseminar: false, nicht_gesamt_buchbar: true },
      { nicht_gesamt_buchbar: false },
      ring,
      { nicht_gesamt_buchbar: false, ringseminar: true },
    ],
    [
      'unticking without a type leaves ringseminar off',
      { nicht_gesamt_buchbar: true },
      { nicht_gesamt_buchbar: false },
      null,
      { nicht_gesamt_buchbar: false, ringseminar: false },
    ],
    [
      'clearing a price description clears its price, also for a description of blanks',
      { preis2: 320, preis2_beschreibung: 'Nichtmitglieder' },
      { preis2_beschreibung: '  ' },
      null,
      { preis2: null, preis2_beschreibung: null },
    ],
    [
      'a description of 0 counts as set',
      {},
      { preis1: 5, preis1_beschreibung: '0' },
      null,
      { preis1: 5, preis1_beschreibung: '0' },
    ],
    [
      'a price without a description is not taken',
      {},
      { preis3: 99 },
      null,
      { preis3: null, preis3_beschreibung: null },
    ],
    [
      'a price of an existing description is kept',
      { preis3_beschreibung: 'Studierende' },
      { preis3: 99 },
      null,
      { preis3: 99 },
    ],
    [
      'clearing the Fachberatermarke zeroes its hours',
      { fachberatermarke_id: 4, fachberater_stunden: 5 },
      { fachberatermarke_id: null },
      null,
      { fachberatermarke_id: null, fachberater_stunden: 0 },
    ],
    [
      'hours given with the cleared mark are kept',
      { fachberatermarke_id: 4, fachberater_stunden: 5 },
      { fachberatermarke_id: null, fachberater_stunden: 2 },
      null,
      { fachberatermarke_id: null, fachberater_stunden: 2 },
    ],
    [
      'a mark that was empty before is not cleared',
      { fachberatermarke_id: null, fachberater_stunden: 5 },
      { fachberatermarke_id: null, titel: 'x' },
      null,
      { fachberatermarke_id: null, titel: 'x' },
    ],
    [
      'changing the hours alone keeps them',
      { fachberatermarke_id: 4 },
      { fachberater_stunden: 5 },
      null,
      { fachberater_stunden: 5 },
    ],
  ];
  it.each(cases)('%s', (_name, vorher, eingabe, typ, erwartet) => {
    expect(seminarFolgt(vorher, eingabe, typ)).toEqual(erwartet);
  });
});

describe('what the seminar form shows (spec 001 §4–§5)', () => {
  it.each<[Werte, number[]]>([
    [{}, [1, 2]],
    [{ preis2_beschreibung: 'Nichtmitglieder' }, [1, 2, 3]],
    [{ preis2_beschreibung: 'x', preis3_beschreibung: '0', preis4_beschreibung: 'y' }, [1, 2, 3, 4, 5]],
    [{ preis2_beschreibung: 'x', preis4_beschreibung: 'y' }, [1, 2, 3]],
    [
      {
        preis2_beschreibung: 'a',
        preis3_beschreibung: 'b',
        preis4_beschreibung: 'c',
        preis5_beschreibung: 'd',
      },
      [1, 2, 3, 4, 5, 6],
    ],
  ])('price rows 3 to 6 appear in turn: %p → %p', (werte, stufen) => {
    expect(sichtbarePreisstufen(werte)).toEqual(stufen);
  });

  it.each<[unknown, boolean]>([
    [null, false],
    ['', false],
    [' ', false],
    ['0', true],
    [0, true],
    ['Mitglieder', true],
  ])('a price with description %p can be entered: %p', (beschreibung, eingebbar) => {
    expect(preisEingebbar({ preis1_beschreibung: beschreibung }, 1)).toBe(eingebbar);
  });

  it.each<[Werte, TypVorgaben | null, ReturnType<typeof mwstSchalter>]>([
    [{ mwst: 19 }, ring, { an: true, gesperrt: false, satz: 19 }],
    [{ mwst: 0 }, ring, { an: false, gesperrt: false, satz: 19 }],
    [{ mwst: 0 }, ohneMwst, { an: false, gesperrt: true, satz: 0 }],
    [{ mwst: 0 }, null, { an: false, gesperrt: true, satz: 0 }],
  ])('the VAT checkbox of %p with type %p', (seminar, typ, schalter) => {
    expect(mwstSchalter(seminar, typ)).toEqual(schalter);
  });

  it('hides the registration deadline of multi-date seminars', () => {
    expect(anmeldeschlussSichtbar({ nicht_gesamt_buchbar: false })).toBe(true);
    expect(anmeldeschlussSichtbar({ nicht_gesamt_buchbar: true })).toBe(false);
  });

  it('names the unsaved record in the TalentLMS message', () => {
    expect(tlmsUngespeichert('veranstaltung')).toBe(
      'Das Seminar muss gespeichert werden, bevor ein TalentLMS-Kurs erstellt werden kann!',
    );
    expect(tlmsUngespeichert('veranstaltung-event')).toBe(
      'Die Veranstaltung muss gespeichert werden, bevor ein TalentLMS-Kurs erstellt werden kann!',
    );
  });
});

describe('the event transitions of spec 001 §4', () => {
  const einzeln = { seminar: { nicht_gesamt_buchbar: true } };
  const gesamt = { seminar: { nicht_gesamt_buchbar: false } };
  it.each<[string, Werte | null, Werte, Parameters<typeof eventFolgt>[2], Werte]>([
    [
      'a new event of a not wholly bookable seminar is single-bookable',
      null,
      {},
      einzeln,
      { einzeln_buchbar: true },
    ],
    ['a new event of a wholly bookable seminar is not', null, {}, gesamt, { einzeln_buchbar: false }],
    ['unless said otherwise', null, { einzeln_buchbar: false }, einzeln, { einzeln_buchbar: false }],
    ['an existing event keeps its flag', { einzeln_buchbar: false }, { titel: 'x' }, einzeln, { titel: 'x' }],
    [
      'picking a content sets the title',
      { veranstaltung_inhalt_id: 1, titel: 'Alt' },
      { veranstaltung_inhalt_id: 2 },
      { ...einzeln, inhalt: { titel: 'Rückstellungen' } },
      { veranstaltung_inhalt_id: 2, titel: 'Rückstellungen' },
    ],
    [
      'a title given with the content wins',
      { veranstaltung_inhalt_id: 1 },
      { veranstaltung_inhalt_id: 2, titel: 'Eigener Titel' },
      { ...einzeln, inhalt: { titel: 'Rückstellungen' } },
      { veranstaltung_inhalt_id: 2, titel: 'Eigener Titel' },
    ],
    [
      'prices follow their descriptions as on seminars',
      { preis1: 120, preis1_beschreibung: 'Mitglieder' },
      { preis1_beschreibung: '' },
      einzeln,
      { preis1: null, preis1_beschreibung: null },
    ],
  ])('%s', (_name, vorher, eingabe, bezug, erwartet) => {
    expect(eventFolgt(vorher, eingabe, bezug)).toEqual(erwartet);
  });

  it('locks deadline and sold-out unless the event is booked on its own', () => {
    expect(eventGesperrteFelder({ einzeln_buchbar: false })).toEqual(['anmeldeschluss', 'ausgebucht']);
    expect(eventGesperrteFelder({ einzeln_buchbar: true })).toEqual([]);
  });

  it('assumes 10 soll bookings when the costs name none', () => {
    expect(kostenMitVorgabe(null)).toEqual({ sollbuchung: 10 });
    expect(kostenMitVorgabe({ raum: 450 })).toEqual({ raum: 450, sollbuchung: 10 });
    expect(kostenMitVorgabe({ sollbuchung: 0 })).toEqual({ sollbuchung: 0 });
  });
});
