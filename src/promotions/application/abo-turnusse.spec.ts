import { AboTurnusse } from './abo-turnusse';
import { AboSpeicherImSpeicher } from './ports/abo-speicher.testing';

describe('AboTurnusse', () => {
  const aufbau = () => {
    const speicher = new AboSpeicherImSpeicher();
    speicher.t.turni.push({
      id: 4,
      wb_abo_id: 1,
      von: '2026-01-01',
      bis: '2026-12-31',
      preis: 48_000,
      mwst: 19,
      preisgarantie: 1,
      verlaengerung: 1,
      kuendigungsfrist: 14,
      pause: false,
    });
    speicher.t.links.add('seminar:4:12').add('event:4:30');
    return { speicher, turnusse: new AboTurnusse(speicher) };
  };

  it('removes a seminar or an event from a period, audited', async () => {
    const { speicher, turnusse } = aufbau();
    await turnusse.entfernen(4, 'seminar', 12, { id: 1, name: 'Berger' });
    await turnusse.entfernen(4, 'event', 30, null);
    expect([...speicher.t.links]).toEqual([]);
    expect(speicher.t.audit.map((e) => [e.resource, e.recordId, e.changes])).toEqual([
      ['wb-abo-turnus', 4, { veranstaltung_id: { before: 12, after: null } }],
      ['wb-abo-turnus', 4, { veranstaltung_event_id: { before: 30, after: null } }],
    ]);
  });

  it('answers 404 for a missing period or link, changing nothing', async () => {
    const { speicher, turnusse } = aufbau();
    await expect(turnusse.entfernen(5, 'seminar', 12, null)).rejects.toThrow(
      'Turnus 5 wurde nicht gefunden.',
    );
    await expect(turnusse.entfernen(4, 'event', 12, null)).rejects.toThrow(
      'Die Veranstaltung 12 gehört nicht zu diesem Turnus.',
    );
    expect(speicher.t.links.size).toBe(2);
    expect(speicher.t.audit).toEqual([]);
  });
});
