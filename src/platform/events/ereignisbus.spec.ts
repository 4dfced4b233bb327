import type { Transaktion } from '../database/transaktion';
import type { BuchungGeaendert } from '../../shared/ereignisse';
import { Ereignisbus } from './ereignisbus';

const ziel = (veranstaltung_id: number) => ({ veranstaltung_id, veranstaltung_event_id: null });
const alle = (liste: BuchungGeaendert[]) => ({ ziele: liste.flatMap((e) => e.ziele) });

function aufbau() {
  const bus = new Ereignisbus();
  const gehoert: [BuchungGeaendert, Transaktion][] = [];
  bus.abonnieren('buchung.geaendert', async (daten, tx) => {
    gehoert.push([daten, tx]);
  });
  return { bus, gehoert, tx: {} as Transaktion, andere: {} as Transaktion };
}

describe('Ereignisbus', () => {
  it('delivers an announcement at once, in the announcing transaction', async () => {
    const { bus, gehoert, tx } = aufbau();

    await bus.melden('buchung.geaendert', { ziele: [ziel(7)] }, tx);

    expect(gehoert).toEqual([[{ ziele: [ziel(7)] }, tx]]);
  });

  it('holds a batch’s announcements of its transaction and delivers them merged once at its end', async () => {
    const { bus, gehoert, tx, andere } = aufbau();

    const ergebnis = await bus.gebuendelt('buchung.geaendert', tx, alle, async () => {
      await bus.melden('buchung.geaendert', { ziele: [ziel(7)] }, tx);
      await bus.melden('buchung.geaendert', { ziele: [ziel(8)] }, andere);
      await bus.melden('buchung.geaendert', { ziele: [ziel(9)] }, tx);
      expect(gehoert).toEqual([[{ ziele: [ziel(8)] }, andere]]);
      return 'fertig';
    });

    expect(ergebnis).toBe('fertig');
    expect(gehoert).toEqual([
      [{ ziele: [ziel(8)] }, andere],
      [{ ziele: [ziel(7), ziel(9)] }, tx],
    ]);
    await bus.melden('buchung.geaendert', { ziele: [ziel(5)] }, tx);
    expect(gehoert).toHaveLength(3);
  });

  it('delivers nothing when the batch fails or announced nothing, and refuses to bundle twice', async () => {
    const { bus, gehoert, tx } = aufbau();

    await expect(
      bus.gebuendelt('buchung.geaendert', tx, alle, async () => {
        await bus.melden('buchung.geaendert', { ziele: [ziel(7)] }, tx);
        throw new Error('abgebrochen');
      }),
    ).rejects.toThrow('abgebrochen');
    await bus.gebuendelt('buchung.geaendert', tx, alle, async () => {
      await expect(bus.gebuendelt('buchung.geaendert', tx, alle, async () => 0)).rejects.toThrow(
        '„buchung.geaendert“ wird in dieser Transaktion schon gebündelt.',
      );
    });

    expect(gehoert).toEqual([]);
  });
});
