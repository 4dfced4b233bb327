/**
 * Seminars' part of a Datenauskunft (issue 34): the recorded absences from seminar dates; the
 * participations themselves are bookings (billing's part), the certificates are made from them.
 * An erasure on request deletes the absences: certificates are not kept documents.
 */
import { Injectable, OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { managerVon } from '../../../platform/database/transaktion';
import { Personendaten, type Beitrag } from '../../../platform/datenschutz/personendaten';
import { VeranstaltungNichtTeilnahme } from './veranstaltung-nicht-teilnahme.entity';

@Injectable()
export class SeminarPersonendaten implements OnModuleInit {
  constructor(
    private readonly dataSource: DataSource,
    private readonly personendaten: Personendaten,
  ) {}

  onModuleInit(): void {
    this.personendaten.beitragen('seminars', (id) => this.beitrag(id));
    this.personendaten.loeschbar('seminars', {
      hindernis: async () => null,
      loeschen: async (benutzerId, tx) => {
        await managerVon(tx).delete(VeranstaltungNichtTeilnahme, { benutzer_id: benutzerId });
      },
    });
  }

  private async beitrag(benutzerId: number): Promise<Beitrag> {
    const fehlzeiten = await this.dataSource.manager.find(VeranstaltungNichtTeilnahme, {
      where: { benutzer_id: benutzerId },
      order: { id: 'ASC' },
    });
    return {
      bestaende: [
        {
          datei: 'nicht_teilnahmen',
          titel: 'Nicht-Teilnahmen an Seminarterminen',
          zeilen: fehlzeiten.map((f) => ({ ...f })),
        },
      ],
    };
  }
}
