import type {
  KalkulationsAboBuchung,
  KalkulationsRechnung,
  KalkulationsVorgang,
} from '../domain/kalkulation';
import { Kalkulation } from './kalkulation';
import { Kalkulationsquellen } from './ports/kalkulationsquellen';
import { Uhr } from './ports/uhr';

class FesteUhr extends Uhr {
  jetzt() {
    return new Date('2026-03-10T09:00:00Z');
  }
}

/** One open booking of 12.50 € by member 10 on object 7, who has a payment option; records what was read. */
class Quellen extends Kalkulationsquellen {
  gelesen: string[] = [];

  async vorgaenge() {
    this.gelesen.push('vorgaenge');
    const offen: KalkulationsVorgang = {
      objekt_id: 7,
      benutzer_id: 10,
      betrag: 12.5,
      verifiziert: false,
      storno: false,
      rw_rechnung_id: null,
    };
    return [offen];
  }

  async bezahloptionen() {
    this.gelesen.push('bezahloptionen');
    return new Map([[7, new Set([10])]]);
  }

  async rechnungen(): Promise<KalkulationsRechnung[]> {
    this.gelesen.push('rechnungen');
    return [];
  }

  async aboBuchungen(): Promise<KalkulationsAboBuchung[]> {
    this.gelesen.push('aboBuchungen');
    return [];
  }
}

describe('Kalkulation (against recorded sources)', () => {
  it('reads only the parts asked for and answers the sums per object in euros, in the order asked', async () => {
    const quellen = new Quellen();

    const summen = await new Kalkulation(quellen, new FesteUhr()).berechne({
      category: 'seminare',
      category_ids: [8, 7],
      transactions: true,
    });

    expect(quellen.gelesen).toEqual(['vorgaenge', 'bezahloptionen']);
    expect(summen.map((s) => s.category_id)).toEqual([8, 7]);
    expect(summen[1].transactions).toMatchObject({
      offen: { anzahl: 1, betrag: 12.5 },
      ohne_bezahloption: [],
    });
    expect(summen[0].transactions).toMatchObject({ offen: { anzahl: 0, betrag: 0 } });
    expect(summen[1]).not.toHaveProperty('rechnungen');
  });

  it('reads invoices and Abo bookings when asked, the latter for Abos only', async () => {
    const quellen = new Quellen();
    const kalkulation = new Kalkulation(quellen, new FesteUhr());

    await kalkulation.berechne({ category: 'abos', category_ids: [3], rechnungen: true, abos: true });
    await kalkulation.berechne({ category: 'seminare', category_ids: [3], abos: true });

    expect(quellen.gelesen).toEqual(['rechnungen', 'aboBuchungen']);
  });
});
