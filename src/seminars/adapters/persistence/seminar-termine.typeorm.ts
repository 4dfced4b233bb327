/** SeminarTermine through TypeORM. */
import { Injectable } from '@nestjs/common';
import { Between, DataSource } from 'typeorm';
import { berlinDatum, berlinZeitpunkt } from '../../../../common/kalender';
import { SeminarTermine, type Termin } from '../../application/ports/seminar-termine';
import { Veranstaltung, VeranstaltungEvent } from './veranstaltung.entity';

@Injectable()
export class SeminarTermineTypeorm extends SeminarTermine {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async anstehende(art: 'seminar' | 'event', typId: number, von: Date, bis: Date): Promise<Termin[]> {
    const manager = this.dataSource.manager;
    if (art === 'seminar') {
      const seminare = await manager.find(Veranstaltung, {
        select: { id: true, lg_id: true, titel: true, beginn: true, ausgebucht: true },
        where: { veranstaltung_typ_id: typId, beginn: Between(von, bis) },
        order: { beginn: 'ASC', id: 'ASC' },
      });
      return seminare.map(seminarTermin);
    }
    const events = await manager.find(VeranstaltungEvent, {
      where: {
        datum: Between(berlinDatum(von), berlinDatum(bis)),
        Veranstaltung: { veranstaltung_typ_id: typId },
      },
      relations: { Veranstaltung: true },
      order: { datum: 'ASC', id: 'ASC' },
    });
    return events.map(eventTermin).filter((t) => t.beginn >= von && t.beginn <= bis);
  }

  async von(ziel: {
    veranstaltung_id: number | null;
    veranstaltung_event_id: number | null;
  }): Promise<Termin | null> {
    const manager = this.dataSource.manager;
    if (ziel.veranstaltung_event_id !== null) {
      const event = await manager.findOne(VeranstaltungEvent, {
        where: { id: ziel.veranstaltung_event_id },
        relations: { Veranstaltung: true },
      });
      return event?.datum ? eventTermin(event) : null;
    }
    if (ziel.veranstaltung_id === null) return null;
    const seminar = await manager.findOne(Veranstaltung, { where: { id: ziel.veranstaltung_id } });
    return seminar?.beginn ? seminarTermin(seminar) : null;
  }
}

const seminarTermin = (s: Veranstaltung): Termin => ({
  veranstaltung_id: s.id,
  veranstaltung_event_id: null,
  lg_id: s.lg_id,
  titel: s.titel,
  beginn: s.beginn!,
  ausgebucht: s.ausgebucht,
});

const eventTermin = (e: VeranstaltungEvent): Termin => ({
  veranstaltung_id: e.veranstaltung_id,
  veranstaltung_event_id: e.id,
  lg_id: e.lg_id ?? e.Veranstaltung.lg_id,
  titel: e.titel ?? e.Veranstaltung.titel,
  beginn: berlinZeitpunkt(e.datum!, e.beginn ?? '00:00'),
  ausgebucht: e.ausgebucht || e.Veranstaltung.ausgebucht,
});
