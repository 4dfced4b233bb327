import { DomainError } from '../../shared/domain-error';
import { ungueltigeEingabe } from '../../shared/domain-error.testing';
import {
  gruppeSpeichern,
  naechsterNachtlauf,
  pruefeAuffuellbar,
  pruefeHinzufuegen,
  pruefeNewsletterFuellen,
  unbekannteIds,
  type GruppenKopf,
  type GruppenStand,
} from './gruppen-regeln';

const LEER = { benutzer: 0, emails: 0 };
const teilnehmer: GruppenStand = {
  id: 1,
  name: 'Teilnehmer Seminar 4',
  typ: 'Teilnehmer',
  zuordnung: 'benutzer',
  veranstaltung_id: 4,
  veranstaltung_event_id: 9,
  gueltig_bis: '2026-12-31',
};

function konflikt(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).kind).toBe('conflict');
    return (error as DomainError).message;
  }
  throw new Error('kein Fehler');
}

describe('saving a group', () => {
  it('applies the type transition to what is stored', () => {
    expect(gruppeSpeichern(undefined, { name: 'Steuern aktuell', typ: 'NWG' }, 2026, LEER)).toEqual({
      name: 'Steuern aktuell',
      typ: 'NWG',
      zuordnung: 'email',
      veranstaltung_id: null,
      veranstaltung_event_id: null,
      newsletter: true,
      verbandsintern: false,
    });
  });

  const verboten: [string, GruppenStand | undefined, GruppenStand, string][] = [
    [
      'a new Teilnehmer group',
      undefined,
      { name: 'x', typ: 'Teilnehmer' },
      '„Typ“ darf bei neuen Gruppen nicht „Teilnehmer“ sein (Teilnehmer-Gruppen entstehen mit ihrem Seminar)',
    ],
    [
      'another seminar for a Teilnehmer group',
      teilnehmer,
      { veranstaltung_id: 5 },
      '„Seminar“ kann bei Teilnehmer-Gruppen nicht geändert werden',
    ],
    [
      'another valid-until date for a Teilnehmer group',
      teilnehmer,
      { gueltig_bis: '2027-01-31' },
      '„Gültig bis“ kann bei Teilnehmer-Gruppen nicht geändert werden',
    ],
    [
      'a seminar link on another type',
      undefined,
      { name: 'x', typ: 'Intern', veranstaltung_event_id: 3 },
      '„Veranstaltung“ ist nur bei Teilnehmer-Gruppen zulässig',
    ],
    [
      'an e-mail assignment for an Auto group',
      undefined,
      { name: 'x', typ: 'Auto', code: 'auto_referenten', zuordnung: 'email' },
      '„Zuordnung“ muss bei Auto-Gruppen „Benutzer“ sein',
    ],
    [
      'an Auto group without a rule',
      undefined,
      { name: 'x', typ: 'Auto' },
      '„Automatik-Regel“ ist bei Auto-Gruppen ein Pflichtfeld',
    ],
    [
      'a district rule without district',
      undefined,
      { name: 'x', typ: 'Auto', code: 'auto_bezirk' },
      '„Bezirk“ ist für Bezirksmitglieder ein Pflichtfeld',
    ],
  ];

  it.each(verboten)('refuses %s', (_, vorher, eingabe, meldung) => {
    expect(ungueltigeEingabe(() => gruppeSpeichern(vorher, eingabe, 2026, LEER))).toBe(
      `Bitte prüfen Sie die Eingaben: ${meldung}.`,
    );
  });

  it('keeps a Teilnehmer group saved unchanged, with its seminar', () => {
    expect(
      gruppeSpeichern(teilnehmer, { ...teilnehmer, name: 'Umbenannt' }, 2026, { benutzer: 3, emails: 0 }),
    ).toMatchObject({ name: 'Umbenannt', veranstaltung_id: 4 });
  });

  it('clears the seminar when a Teilnehmer group becomes another type', () => {
    expect(gruppeSpeichern(teilnehmer, { typ: 'Intern', zuordnung: 'benutzer' }, 2026, LEER)).toMatchObject({
      veranstaltung_id: null,
      veranstaltung_event_id: null,
    });
  });

  it.each([
    [{ benutzer: 2, emails: 0 }, 'email', /enthält Benutzer: die Zuordnung „Email“/],
    [{ benutzer: 0, emails: 5 }, 'benutzer', /enthält E-Mails: die Zuordnung „Benutzer“/],
  ] as const)('with %j refuses zuordnung %s', (inhalt, zuordnung, meldung) => {
    const vorher: GruppenStand = { id: 2, name: 'x', typ: 'Intern', zuordnung: 'alle' };
    expect(konflikt(() => gruppeSpeichern(vorher, { zuordnung }, 2026, inhalt))).toMatch(meldung);
  });

  it('refuses the Auto type for a group holding e-mails, since Auto groups hold Benutzer', () => {
    const vorher: GruppenStand = { id: 2, name: 'x', typ: 'NWG', zuordnung: 'email' };
    expect(
      konflikt(() =>
        gruppeSpeichern(vorher, { typ: 'Auto', code: 'auto_referenten' }, 2026, { benutzer: 0, emails: 1 }),
      ),
    ).toMatch(/Zuordnung „Benutzer“ ist erst möglich/);
  });
});

describe('adding members by hand', () => {
  const gruppe = (typ: string, zuordnung: string, newsletter = false): GruppenKopf => ({
    id: 7,
    name: 'Gruppe',
    typ,
    zuordnung,
    newsletter,
  });

  it.each([
    ['Intern', 'alle', 'benutzer', null],
    ['Intern', 'alle', 'email', null],
    ['NWG', 'email', 'email', null],
    ['NWG', 'email', 'benutzer', 'Die Gruppe „Gruppe“ nimmt nur E-Mails auf (Zuordnung „Email“).'],
    ['Datev', 'benutzer', 'email', 'Die Gruppe „Gruppe“ nimmt nur Benutzer auf (Zuordnung „Benutzer“).'],
    [
      'Auto',
      'benutzer',
      'benutzer',
      '„Gruppe“ ist eine automatische Gruppe: ihre Mitglieder bestimmt die Regel, nicht die Hand.',
    ],
  ] as const)('%s group (%s) takes %s: %s', (typ, zuordnung, art, meldung) => {
    const run = () => pruefeHinzufuegen(gruppe(typ, zuordnung), art);
    if (meldung) expect(konflikt(run)).toBe(meldung);
    else expect(run).not.toThrow();
  });

  it('fills only newsletter groups with the newsletter recipients', () => {
    expect(() => pruefeNewsletterFuellen(gruppe('NWG', 'email', true))).not.toThrow();
    expect(konflikt(() => pruefeNewsletterFuellen(gruppe('Intern', 'email')))).toMatch(
      /keine Newsletter-Gruppe/,
    );
  });

  it('refills only Auto groups', () => {
    expect(() => pruefeAuffuellbar(gruppe('Auto', 'benutzer'))).not.toThrow();
    expect(konflikt(() => pruefeAuffuellbar(gruppe('NWG', 'email')))).toBe(
      '„Gruppe“ ist keine automatische Gruppe (Typ NWG): nur Auto-Gruppen werden nach ihrer Regel befüllt.',
    );
  });
});

describe('the nightly refill', () => {
  it.each([
    ['2026-11-15T00:59:59Z', '2026-11-15T01:00:00.000Z'],
    ['2026-11-15T01:00:00Z', '2026-11-16T01:00:00.000Z'],
    ['2026-12-31T23:00:00Z', '2027-01-01T01:00:00.000Z'],
  ])('after %s runs at %s', (jetzt, lauf) => {
    expect(naechsterNachtlauf(new Date(jetzt)).toISOString()).toBe(lauf);
  });
});

describe('unknown ids', () => {
  it('are refused as a whole, naming up to 20 of them', () => {
    const benutzer = unbekannteIds('benutzer', [4, 9]);
    expect([benutzer.code, benutzer.kind, benutzer.message]).toEqual([
      'UNBEKANNTE_IDS',
      'invalid',
      'Unbekannte Benutzer (IDs 4, 9); es wurde nichts hinzugefügt.',
    ]);
    const zwanzig = Array.from({ length: 20 }, (_, i) => i + 1);
    expect(unbekannteIds('email', zwanzig).message).toBe(
      `Unbekannte E-Mails (IDs ${zwanzig.join(', ')}); es wurde nichts hinzugefügt.`,
    );
    expect(unbekannteIds('email', [...zwanzig, 21]).message).toBe(
      `Unbekannte E-Mails (IDs ${zwanzig.join(', ')}, …); es wurde nichts hinzugefügt.`,
    );
  });
});
