import { Column, Entity, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { CreatedAt, ManyToOneVia } from '../../../platform/database/columns';
import { Benutzer } from '../../../membership/adapters/persistence/benutzer.entity';
import { Veranstaltung, VeranstaltungEvent } from './veranstaltung.entity';

/**
 * A booked participant did not attend (spec 002 §4): the whole seminar when
 * `veranstaltung_event_id` is null, otherwise that event.
 */
@Entity('veranstaltung_nicht_teilnahme')
export class VeranstaltungNichtTeilnahme {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'integer' }) benutzer_id: number;
  @Column({ type: 'integer' }) veranstaltung_id: number;
  @Column({ type: 'integer', nullable: true }) veranstaltung_event_id: number | null;
  @CreatedAt() createdAt: Date;

  @ManyToOneVia(() => Benutzer, 'benutzer_id')
  Benutzer: Relation<Benutzer>;

  @ManyToOneVia(() => Veranstaltung, 'veranstaltung_id')
  Veranstaltung: Relation<Veranstaltung>;

  @ManyToOneVia(() => VeranstaltungEvent, 'veranstaltung_event_id')
  Veranstaltung_Event: Relation<VeranstaltungEvent> | null;
}
