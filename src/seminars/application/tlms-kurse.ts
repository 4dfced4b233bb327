import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { tlmsUngespeichert } from '../../../common/seminar';
import { TalentLms, type TlmsKurs } from '../../membership/application/ports/talent-lms';
import type { Actor } from '../../platform/audit/audit-trail';
import { ResourceRegistry } from '../../platform/resources/resource-registry';
import { ResourceWriter } from '../../platform/resources/resource-writer';
import { DomainError } from '../../shared/domain-error';
import { Veranstaltung, VeranstaltungEvent } from '../adapters/persistence/veranstaltung.entity';

export type KursArt = 'veranstaltung' | 'veranstaltung-event';

/**
 * TalentLMS courses of seminars and events (verband 2, spec 001 §5, §7): created through the
 * membership context's TalentLMS port, the course id stored in the record's data through the
 * generic writer (audited, versioned).
 */
@Injectable()
export class TlmsKurse {
  constructor(
    private readonly talentLms: TalentLms,
    private readonly dataSource: DataSource,
    private readonly registry: ResourceRegistry,
    private readonly writer: ResourceWriter,
  ) {}

  /** `id` as the route gives it: a record that was never saved has none yet. */
  async erstelle(art: KursArt, id: string, actor: Actor | null): Promise<TlmsKurs> {
    if (!/^\d+$/.test(id)) throw DomainError.invalid('TLMS_UNGESPEICHERT', tlmsUngespeichert(art));
    if (!this.talentLms.konfiguriert)
      throw DomainError.conflict('TLMS_NICHT_KONFIGURIERT', 'TalentLMS ist nicht konfiguriert');
    const { data, kurs } = await this.kursAngaben(art, Number(id));
    if (data.tlms_course_id)
      throw DomainError.conflict(
        'TLMS_KURS_VORHANDEN',
        `Es gibt bereits einen TalentLMS-Kurs (ID: ${String(data.tlms_course_id)}).`,
      );
    const erstellt = await this.talentLms.erstelleKurs(kurs);
    await this.writer.update(
      this.registry.get(art),
      Number(id),
      { data: { ...data, tlms_course_id: erstellt.id } },
      actor,
    );
    return erstellt;
  }

  /** The record's data and the course named after it: an event after its seminar and its own title or date. */
  private async kursAngaben(art: KursArt, id: number) {
    const fehlt = () =>
      DomainError.notFound(
        'NOT_FOUND',
        `${art === 'veranstaltung' ? 'Seminar' : 'Veranstaltung'} ${id} wurde nicht gefunden.`,
      );
    if (art === 'veranstaltung') {
      const seminar = await this.dataSource.getRepository(Veranstaltung).findOne({ where: { id } });
      if (!seminar) throw fehlt();
      return {
        data: seminar.data ?? {},
        kurs: { name: seminar.titel, beschreibung: seminar.beschreibung, code: seminar.lg_id },
      };
    }
    const event = await this.dataSource
      .getRepository(VeranstaltungEvent)
      .findOne({ where: { id }, relations: { Veranstaltung: true } });
    if (!event) throw fehlt();
    const eigener = event.titel ?? event.datum;
    return {
      data: event.data ?? {},
      kurs: {
        name: [event.Veranstaltung.titel, eigener].filter(Boolean).join(' – '),
        beschreibung: event.Veranstaltung.beschreibung,
        code: event.lg_id ?? event.Veranstaltung.lg_id,
      },
    };
  }
}
