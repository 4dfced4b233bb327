import { DomainError } from '../../shared/domain-error';
import {
  alsBenutzer,
  GAST_OHNE_NAMEN,
  GAST_UEBERNOMMEN,
  gastbuchung,
  pruefeUebernahme,
  type Gastanmeldung,
} from './gastanmeldung';

const gast = (aenderung: Partial<Gastanmeldung> = {}): Gastanmeldung => ({
  id: 4,
  vorname: 'Jördis',
  nachname: 'Öztürk',
  firma: null,
  email: 'joerdis.oeztuerk@example.de',
  veranstaltung_id: 12,
  veranstaltung_event_id: null,
  benutzer_id: null,
  status: 'offen',
  data: { anrede: 'Frau', strasse: 'Goethestraße 5', plz: '04109', ort: 'Leipzig', bemerkung: 'vegetarisch' },
  ...aenderung,
});

function fehler(run: () => unknown): { kind: string; message: string } {
  try {
    run();
  } catch (e) {
    expect(e).toBeInstanceOf(DomainError);
    return { kind: (e as DomainError).kind, message: (e as DomainError).message };
  }
  throw new Error('nicht abgelehnt');
}

describe('a guest registration taken over', () => {
  it('becomes a Benutzer with name, e-mail, address and the gender its anrede says', () => {
    expect(alsBenutzer(gast())).toEqual({
      vorname: 'Jördis',
      nachname: 'Öztürk',
      firma: null,
      titel: null,
      gender: 'female',
      email: 'joerdis.oeztuerk@example.de',
      adresse: { strasse: 'Goethestraße 5', plz: '04109', ort: 'Leipzig' },
    });
  });

  it('takes a firm without a person, trims what was typed and leaves out an empty address', () => {
    const firma = gast({
      vorname: ' ',
      nachname: '\u200b',
      firma: ' Steuerkanzlei Öztürk ',
      email: ' info@kanzlei.de ',
      data: { anrede: 'Firma', titel: 'Dr.', strasse: '', plz: null },
    });
    expect(alsBenutzer(firma)).toEqual({
      vorname: null,
      nachname: null,
      firma: 'Steuerkanzlei Öztürk',
      titel: 'Dr.',
      gender: null,
      email: 'info@kanzlei.de',
      adresse: null,
    });
    expect(alsBenutzer(gast({ data: null }))).toMatchObject({
      gender: null,
      adresse: null,
    });
  });

  it('is refused without a name (400)', () => {
    expect(fehler(() => alsBenutzer(gast({ nachname: null, firma: '  ' })))).toEqual({
      kind: 'invalid',
      message: GAST_OHNE_NAMEN,
    });
  });

  it('is taken over once (409), also when staff marked it or named its Benutzer', () => {
    expect(() => pruefeUebernahme(gast())).not.toThrow();
    expect(() => pruefeUebernahme(gast({ status: 'abgelehnt' }))).not.toThrow();
    for (const schon of [gast({ status: 'uebernommen' }), gast({ benutzer_id: 9 })])
      expect(fehler(() => pruefeUebernahme(schon))).toEqual({ kind: 'conflict', message: GAST_UEBERNOMMEN });
  });

  it('books the seminar or event it registered for, online, for the Benutzer', () => {
    expect(gastbuchung(gast({ veranstaltung_event_id: 30 }), 77)).toEqual({
      benutzer_id: 77,
      category: 'seminare',
      veranstaltung_id: 12,
      veranstaltung_event_id: 30,
      buchung_typ: 'online',
    });
    expect(gastbuchung(gast({ veranstaltung_id: null }), 77)).toBeNull();
  });
});
