import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DomainError } from '../../shared/domain-error';
import { Veranstaltung, VeranstaltungEvent } from '../adapters/persistence/veranstaltung.entity';
import { seminarKalender } from '../domain/ical';

/** `GET /node/api/veranstaltung/{id}/ical` (spec 003 §7): the seminar's dates for staff calendars. */
@Injectable()
export class SeminarKalender {
  constructor(private readonly dataSource: DataSource) {}

  async ical(id: number): Promise<{ titel: string; text: string }> {
    const seminar = await this.dataSource.getRepository(Veranstaltung).findOne({ where: { id } });
    if (!seminar) throw DomainError.notFound('NOT_FOUND', `Seminar ${id} wurde nicht gefunden.`);
    const events = await this.dataSource.getRepository(VeranstaltungEvent).find({
      where: { veranstaltung_id: id },
      relations: { Veranstaltung_Ort: true },
      order: { datum: 'ASC', beginn: 'ASC', id: 'ASC' },
    });
    const text = seminarKalender(
      seminar,
      events.map((event) => ({ ...event, ort: event.Veranstaltung_Ort })),
    );
    if (!text)
      throw DomainError.conflict(
        'SEMINAR_OHNE_TERMIN',
        'Das Seminar hat noch keinen Termin für den Kalender.',
      );
    return { titel: seminar.titel, text };
  }
}
