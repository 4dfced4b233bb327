/**
 * A newsletter template (spec 002 §3). `vorlage` names a file in the newsletter-vorlagen file
 * area. `data` holds the automation settings: auto_titel, auto_betreff, auto_vortage,
 * auto_nachtage, auto_minutes, auto_day_time, newsletter_absender_id, auto_teilnehmer_group,
 * auto_ausgebucht, allow_duplicate_email, versand_gruppen, ausschluss_gruppen (defaults of
 * spec 002 §9 are filled in by the client).
 */
import { Column, Entity, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { CreatedAt, JsonColumn, ManyToOneVia, UpdatedAt, Version } from '../../../platform/database/columns';
import { VeranstaltungTyp } from '../../../seminars/adapters/persistence/veranstaltung-lookups.entity';

export const AUTO_TYPEN = ['seminar', 'event'] as const;
export const EXTERNAL_DATA_TYPEN = ['StBdirekt'] as const;

@Entity('newsletter_vorlagen')
export class NewsletterVorlage {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'varchar', length: 255 }) titel: string;
  @Column({ type: 'text', nullable: true }) beschreibung: string | null;
  @Column({ type: 'varchar', length: 255, nullable: true }) vorlage: string | null;
  @Column({ type: 'integer', nullable: true }) veranstaltung_typ_id: number | null;
  @Column({ type: 'boolean', default: false }) automatik: boolean;
  @Column({ type: 'varchar', length: 20, nullable: true }) auto_typ: (typeof AUTO_TYPEN)[number] | null;
  /** The content scheme (field types String, Number, Boolean, Date, Time, HTML|height, lists). */
  @JsonColumn() json_content_scheme: unknown;
  @Column({ type: 'varchar', length: 40, nullable: true }) external_data_type:
    (typeof EXTERNAL_DATA_TYPEN)[number] | null;
  @JsonColumn() data: Record<string, unknown> | null;
  @CreatedAt() createdAt: Date;
  @UpdatedAt() updatedAt: Date;
  @Version() version: number;

  @ManyToOneVia(() => VeranstaltungTyp, 'veranstaltung_typ_id')
  Veranstaltung_Typ: Relation<VeranstaltungTyp> | null;
}
