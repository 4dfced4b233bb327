/** Promotions' part of a Datenauskunft (issue 34): the person's shopping carts and Abo bookings. */
import { Injectable, OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Personendaten, type Beitrag } from '../../../platform/datenschutz/personendaten';
import { Warenkorb } from './verkauf.entity';
import { WbAboBuchung } from './wb-abo.entity';

const zeile = (e: object): Record<string, unknown> => ({ ...e });

@Injectable()
export class AngebotPersonendaten implements OnModuleInit {
  constructor(
    private readonly dataSource: DataSource,
    private readonly personendaten: Personendaten,
  ) {}

  onModuleInit(): void {
    this.personendaten.beitragen('promotions', (id) => this.beitrag(id));
  }

  private async beitrag(benutzerId: number): Promise<Beitrag> {
    const m = this.dataSource.manager;
    const [warenkoerbe, abos] = await Promise.all([
      m.find(Warenkorb, { where: { benutzer_id: benutzerId }, order: { id: 'ASC' } }),
      m.find(WbAboBuchung, {
        where: [{ benutzer_id: benutzerId }, { teilnehmer_id: benutzerId }],
        order: { id: 'ASC' },
      }),
    ]);
    return {
      bestaende: [
        { datei: 'warenkoerbe', titel: 'Warenkörbe', zeilen: warenkoerbe.map(zeile) },
        { datei: 'abo_buchungen', titel: 'Abo-Buchungen', zeilen: abos.map(zeile) },
      ],
    };
  }
}
