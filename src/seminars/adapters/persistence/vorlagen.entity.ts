/** Templates with a file area: seminar-invitation PDFs and certificates (spec 001 §3, spec 003 §3). */
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { EINLADUNGS_VORLAGE } from '../../../../common/seminar';
import {
  CreatedAt,
  DateOnlyColumn,
  JsonColumn,
  UpdatedAt,
  Version,
} from '../../../platform/database/columns';

/**
 * The kinds of PDF-Vorlage: the invitation template (never rendered itself, spec 003 §4), a stored
 * invitation of chosen seminars, and the Teilnehmerübersicht.
 */
export const PDF_VORLAGEN_TYPEN = [EINLADUNGS_VORLAGE, 'Seminareinladung', 'Teilnehmerliste'] as const;

/** `data` holds veranstaltung_ids, seminar_titel and the invitation texts (spec 001 §3). */
@Entity('pdf_vorlage')
export class PdfVorlage {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'varchar', length: 255 }) titel: string;
  @Column({ type: 'varchar', length: 100, nullable: true }) typ: (typeof PDF_VORLAGEN_TYPEN)[number] | null;
  @Column({ type: 'varchar', length: 255, nullable: true }) template_file: string | null;
  @JsonColumn() data: Record<string, unknown> | null;
  @CreatedAt() createdAt: Date;
  @UpdatedAt() updatedAt: Date;
  @Version() version: number;
}

export const BESCHEINIGUNG_TYPEN = ['eventSpan_teilnehmer'] as const;

/**
 * A certificate. `data` holds veranstaltungTypenFilterVariant (null, include, exclude),
 * veranstaltungTypen, events_from, events_to, fortbildungspass, fachberatermarke_id, textfeld1,
 * veranstaltungenExclude, benutzerGruppen.
 */
@Entity('bescheinigung')
export class Bescheinigung {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'varchar', length: 255 }) titel: string;
  @Column({ type: 'varchar', length: 40, default: 'eventSpan_teilnehmer' })
  typ: (typeof BESCHEINIGUNG_TYPEN)[number];
  @Column({ type: 'varchar', length: 255, nullable: true }) template_file: string | null;
  @Column({ type: 'boolean', default: true }) aktiv: boolean;
  @DateOnlyColumn() valid_from: string | null;
  @DateOnlyColumn() valid_to: string | null;
  @JsonColumn() data: Record<string, unknown> | null;
  @CreatedAt() createdAt: Date;
  @UpdatedAt() updatedAt: Date;
  @Version() version: number;
}
