import type { TypVorgaben, Werte } from '../../../common/seminar';
import { DomainError } from '../../shared/domain-error';
import { betragFehler, eventSpeichern, mwstFehler, seminarSpeichern, stundenFehler } from './seminar-regeln';

const ring: TypVorgaben = { ringseminar: true, multitermin: false, mwst: 19 };
const ohneMwst: TypVorgaben = { ringseminar: false, multitermin: false, mwst: 0 };

/** The field errors a save is refused with, or the stored values. */
function ergebnis(speichern: () => Werte): Werte | { fehler: Record<string, string> } {
  try {
    return speichern();
  } catch (error) {
    if (error instanceof DomainError && error.errors) return { fehler: error.errors };
    throw error;
  }
}

describe('amounts and hours (spec 001 §5)', () => {
  it.each<[unknown, string | null]>([
    [0, null],
    [290, null],
    [390.5, null],
    [0.1 + 0.2, null],
    [19.99, null],
    [-0.01, 'darf nicht negativ sein'],
    [12.345, 'darf höchstens zwei Nachkommastellen haben'],
    [null, null],
  ])('price %p → %p', (wert, fehler) => expect(betragFehler(wert)).toBe(fehler));

  it.each<[unknown, string | null]>([
    [0, null],
    [1.15, null],
    [6.5, null],
    [3.05, null],
    [1.23, 'muss in Schritten von 0,05 angegeben werden'],
    [1.125, 'muss in Schritten von 0,05 angegeben werden'],
    [-0.05, 'darf nicht negativ sein'],
  ])('hours %p → %p', (wert, fehler) => expect(stundenFehler(wert)).toBe(fehler));

  it.each<[unknown, string | null]>([
    [0, null],
    [19, null],
    [100, null],
    [-1, 'muss zwischen 0 und 100 liegen'],
    [119, 'muss zwischen 0 und 100 liegen'],
  ])('VAT rate %p → %p', (wert, fehler) => expect(mwstFehler(wert)).toBe(fehler));
});

describe('a seminar save', () => {
  const ohne = { typ: null, events: null };
  const spanne = {
    beginn: new Date('2026-03-10T08:00:00Z'),
    ende: new Date('2026-03-12T16:30:00Z'),
  };
  it.each<[string, Werte | undefined, Werte, Parameters<typeof seminarSpeichern>[2], Werte | object]>([
    [
      'takes the type values of a new seminar',
      undefined,
      { titel: 'USt', veranstaltung_typ_id: 3 },
      { typ: ring, events: null },
      { titel: 'USt', veranstaltung_typ_id: 3, nicht_gesamt_buchbar: false, ringseminar: true, mwst: 19 },
    ],
    [
      'refuses a negative price and three decimals, naming the fields',
      undefined,
      { preis1: -1, preis1_beschreibung: 'M', preis2: 10.005, preis2_beschreibung: 'N' },
      ohne,
      {
        fehler: {
          preis1: 'darf nicht negativ sein',
          preis2: 'darf höchstens zwei Nachkommastellen haben',
        },
      },
    ],
    [
      'refuses hours off the 0.05 grid',
      undefined,
      { fortbildungspass_stunden: 2.33 },
      ohne,
      { fehler: { fortbildungspass_stunden: 'muss in Schritten von 0,05 angegeben werden' } },
    ],
    [
      'refuses ringseminar on a seminar that is not wholly bookable',
      undefined,
      { nicht_gesamt_buchbar: true, ringseminar: true },
      ohne,
      { fehler: { ringseminar: 'ist bei nicht gesamt buchbaren Seminaren nicht möglich' } },
    ],
    [
      "takes the VAT as 0 or the type's rate only",
      { mwst: 19, veranstaltung_typ_id: 3 },
      { mwst: 7 },
      { typ: ring, events: null },
      { fehler: { mwst: 'muss 0 oder der Satz des Seminar-Typs (19 %) sein' } },
    ],
    ['switches the VAT off', { mwst: 19 }, { mwst: 0 }, { typ: ring, events: null }, { mwst: 0 }],
    [
      'keeps no VAT on a type without VAT',
      { mwst: 0 },
      { mwst: 19 },
      { typ: ohneMwst, events: null },
      { fehler: { mwst: 'muss 0 sein, der Seminar-Typ hat keine MwSt.' } },
    ],
    [
      'leaves a stored rate alone that the type no longer has',
      { mwst: 16 },
      { mwst: 16, titel: 'x' },
      { typ: ring, events: null },
      { mwst: 16, titel: 'x' },
    ],
    [
      'refuses an ende before beginn',
      undefined,
      { beginn: new Date('2026-03-10T08:00:00Z'), ende: new Date('2026-03-09T08:00:00Z') },
      ohne,
      { fehler: { ende: 'darf nicht vor „Beginn“ liegen' } },
    ],
    [
      'refuses dates that leave an event outside',
      { beginn: spanne.beginn, ende: spanne.ende },
      { beginn: new Date('2026-03-11T08:00:00Z'), ende: new Date('2026-03-12T08:00:00Z') },
      { typ: null, events: spanne },
      {
        fehler: {
          beginn: 'liegt nach dem Beginn der ersten Veranstaltung (10.03.2026, 09:00)',
          ende: 'liegt vor dem Ende der letzten Veranstaltung (12.03.2026, 17:30)',
        },
      },
    ],
    [
      'refuses expert hours off the grid too',
      undefined,
      { fachberater_stunden: 0.03 },
      ohne,
      { fehler: { fachberater_stunden: 'muss in Schritten von 0,05 angegeben werden' } },
    ],
    [
      'refuses a VAT rate above 100 also without a type',
      undefined,
      { mwst: 150 },
      ohne,
      { fehler: { mwst: 'muss zwischen 0 und 100 liegen' } },
    ],
    [
      "names a type's rate with a decimal comma",
      undefined,
      { mwst: 19 },
      { typ: { ...ring, mwst: 7.5 }, events: null },
      { fehler: { mwst: 'muss 0 oder der Satz des Seminar-Typs (7,5 %) sein' } },
    ],
    [
      'lets a seminar end when it begins, and leaves an open end alone',
      undefined,
      { beginn: new Date('2026-03-10T08:00:00Z'), ende: new Date('2026-03-10T08:00:00Z') },
      ohne,
      { beginn: new Date('2026-03-10T08:00:00Z'), ende: new Date('2026-03-10T08:00:00Z') },
    ],
    [
      'compares a new beginn with the stored ende',
      { ende: new Date('2026-03-09T08:00:00Z') },
      { beginn: new Date('2026-03-10T08:00:00Z') },
      ohne,
      { fehler: { ende: 'darf nicht vor „Beginn“ liegen' } },
    ],
    [
      'has nothing to compare without a beginn',
      { beginn: null },
      { ende: new Date('2026-03-09T08:00:00Z') },
      ohne,
      { ende: new Date('2026-03-09T08:00:00Z') },
    ],
    [
      'lets a seminar begin and end exactly with its events',
      { beginn: new Date('2026-03-01T08:00:00Z'), ende: new Date('2026-03-20T08:00:00Z') },
      { beginn: spanne.beginn, ende: spanne.ende },
      { typ: null, events: spanne },
      { beginn: spanne.beginn, ende: spanne.ende },
    ],
    [
      'checks only the dates that change against the events',
      { beginn: new Date('2026-03-11T08:00:00Z'), ende: new Date('2026-03-11T09:00:00Z') },
      { beginn: new Date('2026-03-11T08:00:00Z'), titel: 'neu' },
      { typ: null, events: spanne },
      { beginn: new Date('2026-03-11T08:00:00Z'), titel: 'neu' },
    ],
    [
      'refuses a new ende before the last event also when beginn stays',
      { beginn: spanne.beginn, ende: spanne.ende },
      { ende: new Date('2026-03-12T16:29:00Z') },
      { typ: null, events: spanne },
      { fehler: { ende: 'liegt vor dem Ende der letzten Veranstaltung (12.03.2026, 17:30)' } },
    ],
    [
      'accepts wider dates and unchanged ones',
      { beginn: spanne.beginn, ende: spanne.ende },
      { beginn: new Date('2026-03-01T08:00:00Z'), ende: spanne.ende },
      { typ: null, events: spanne },
      { beginn: new Date('2026-03-01T08:00:00Z'), ende: spanne.ende },
    ],
  ])('%s', (_name, vorher, eingabe, bezug, erwartet) => {
    expect(ergebnis(() => seminarSpeichern(vorher, eingabe, bezug))).toEqual(erwartet);
  });
});

describe('an event save', () => {
  const seminar = { seminar: { nicht_gesamt_buchbar: true } };
  it.each<[string, Werte | undefined, Werte, Werte | object]>([
    [
      'makes a new event single-bookable',
      undefined,
      { datum: '2026-05-04' },
      { datum: '2026-05-04', einzeln_buchbar: true },
    ],
    ['empties a blank time', { beginn: '09:00' }, { beginn: '' }, { beginn: null }],
    [
      'refuses a time that is none',
      undefined,
      { beginn: '9 Uhr', einzeln_buchbar: false },
      { fehler: { beginn: 'muss eine Uhrzeit sein (HH:MM)' } },
    ],
    [
      'refuses an ende before beginn, also against the stored beginn',
      { beginn: '13:00' },
      { ende: '09:00' },
      { fehler: { ende: 'darf nicht vor „Beginn (Uhrzeit)“ liegen' } },
    ],
    [
      'refuses an ende that is no time, and then does not compare',
      undefined,
      { beginn: '13:00', ende: '9 Uhr', einzeln_buchbar: false },
      { fehler: { ende: 'muss eine Uhrzeit sein (HH:MM)' } },
    ],
    [
      'does not compare with a beginn that is no time',
      undefined,
      { beginn: 'abends', ende: '09:00', einzeln_buchbar: false },
      { fehler: { beginn: 'muss eine Uhrzeit sein (HH:MM)' } },
    ],
    [
      'takes an event without costs, and soll bookings from 0',
      { einzeln_buchbar: true },
      { kosten: null, beginn: '09:00', ende: '09:00' },
      { kosten: null, beginn: '09:00', ende: '09:00' },
    ],
    [
      'takes no soll bookings',
      { einzeln_buchbar: true },
      { kosten: { sollbuchung: 0 } },
      { kosten: { sollbuchung: 0 } },
    ],
    [
      'refuses costs that are no object',
      { einzeln_buchbar: true },
      { kosten: [450] },
      { fehler: { kosten: 'müssen ein Objekt sein' } },
    ],
    [
      'refuses costs given as text',
      { einzeln_buchbar: true },
      { kosten: '450' },
      { fehler: { kosten: 'müssen ein Objekt sein' } },
    ],
    [
      'refuses negative soll bookings',
      { einzeln_buchbar: true },
      { kosten: { sollbuchung: -1 } },
      { fehler: { 'kosten.sollbuchung': 'muss eine ganze Zahl ab 0 sein' } },
    ],
    [
      'refuses soll bookings as text',
      { einzeln_buchbar: true },
      { kosten: { sollbuchung: '3' } },
      { fehler: { 'kosten.sollbuchung': 'muss eine ganze Zahl ab 0 sein' } },
    ],
    [
      'takes whole soll bookings and amounts as costs',
      { einzeln_buchbar: true },
      { kosten: { sollbuchung: 12, raum: 450.5, catering: 0 } },
      { kosten: { sollbuchung: 12, raum: 450.5, catering: 0 } },
    ],
    [
      'refuses fractional soll bookings and negative or odd cost amounts, each by its label',
      { einzeln_buchbar: true },
      { kosten: { sollbuchung: 2.5, referenten: -1, raum: 'viel', sonstige: 1.001 } },
      {
        fehler: {
          'kosten.sollbuchung': 'muss eine ganze Zahl ab 0 sein',
          'kosten.referenten': 'darf nicht negativ sein',
          'kosten.raum': 'muss eine Zahl sein',
          'kosten.sonstige': 'darf höchstens zwei Nachkommastellen haben',
        },
      },
    ],
  ])('%s', (_name, vorher, eingabe, erwartet) => {
    expect(ergebnis(() => eventSpeichern(vorher, eingabe, seminar))).toEqual(erwartet);
  });
});
