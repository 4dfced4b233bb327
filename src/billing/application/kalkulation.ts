/**
 * `POST /node/api/rw-calculation/calcCategory` (spec 002 §7): reads what the billing overview sums
 * for a set of category objects — the latest versions of their transactions, the payment options,
 * the invoices and the Abo bookings — in one query each, and sums them in domain/kalkulation.ts.
 */
import { Injectable } from '@nestjs/common';
import { berlinWandzeit } from '../../../common/kalender';
import {
  inEuro,
  kalkulationsAnfrage,
  kategoriesummen,
  type KalkulationsDaten,
  type Kalkulationskoerper,
} from '../domain/kalkulation';
import { Kalkulationsquellen } from './ports/kalkulationsquellen';
import { Uhr } from './ports/uhr';

@Injectable()
export class Kalkulation {
  constructor(
    private readonly quellen: Kalkulationsquellen,
    private readonly uhr: Uhr,
  ) {}

  async berechne(body: Kalkulationskoerper) {
    const anfrage = kalkulationsAnfrage(body);
    const daten: KalkulationsDaten = { heute: berlinWandzeit(this.uhr.jetzt()).datum };
    if (anfrage.transactions) {
      daten.vorgaenge = await this.quellen.vorgaenge(anfrage);
      daten.bezahloptionen = await this.quellen.bezahloptionen(anfrage);
    }
    if (anfrage.rechnungen) daten.rechnungen = await this.quellen.rechnungen(anfrage);
    if (anfrage.abos) daten.aboBuchungen = await this.quellen.aboBuchungen(anfrage);
    return kategoriesummen(anfrage.ids, daten).map(inEuro);
  }
}
