/** A guest's seminar registration (spec 003 §2 /rw/gastanmeldung/{id}), settled by staff. */
import { Column, Entity, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { CreatedAt, JsonColumn, ManyToOneVia, UpdatedAt, Version } from '../../../platform/database/columns';
import { Benutzer } from '../../../membership/adapters/persistence/benutzer.entity';
import {
  Veranstaltung,
  VeranstaltungEvent,
} from '../../../seminars/adapters/persistence/veranstaltung.entity';

export const GASTANMELDUNG_STATUS = ['offen', 'uebernommen', 'abgelehnt'] as const;

@Entity('gastanmeldung')
export class Gastanmeldung {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'varchar', length: 100, nullable: true }) vorname: string | null;
  @Column({ type: 'varchar', length: 100, nullable: true }) nachname: string | null;
  @Column({ type: 'varchar', length: 255, nullable: true }) firma: string | null;
  @Column({ type: 'varchar', length: 255, nullable: true }) email: string | null;
  @Column({ type: 'integer', nullable: true }) veranstaltung_id: number | null;
  @Column({ type: 'integer', nullable: true }) veranstaltung_event_id: number | null;
  /** The Benutzer the registration was taken over to, once staff settled it. */
  @Column({ type: 'integer', nullable: true }) benutzer_id: number | null;
  /** The submitted form: address, billing address, event choice, remarks. */
  @JsonColumn() data: Record<string, unknown> | null;
  @Column({ type: 'varchar', length: 20, default: 'offen' }) status: (typeof GASTANMELDUNG_STATUS)[number];
  @CreatedAt() createdAt: Date;
  @UpdatedAt() updatedAt: Date;
  @Version() version: number;

  @ManyToOneVia(() => Veranstaltung, 'veranstaltung_id')
  Veranstaltung: Relation<Veranstaltung> | null;

  @ManyToOneVia(() => VeranstaltungEvent, 'veranstaltung_event_id')
  Veranstaltung_Event: Relation<VeranstaltungEvent> | null;

  @ManyToOneVia(() => Benutzer, 'benutzer_id')
  Benutzer: Relation<Benutzer> | null;
}
