import { Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { CreatedAt } from '../../../platform/database/columns';
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

  @ManyToOne(() => Benutzer, { createForeignKeyConstraints: false })
  @JoinColumn({ name: 'benutzer_id' })
  Benutzer: Relation<Benutzer>;

  @ManyToOne(() => Veranstaltung, { createForeignKeyConstraints: false })
  @JoinColumn({ name: 'veranstaltung_id' })
  Veranstaltung: Relation<Veranstaltung>;

  @ManyToOne(() => VeranstaltungEvent, { createForeignKeyConstraints: false })
  @JoinColumn({ name: 'veranstaltung_event_id' })
  Veranstaltung_Event: Relation<VeranstaltungEvent> | null;
}
