/** Settings kept by key (issue 29): one JSON value each; no generic resource, edited through their own screens. */
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt, JsonColumn, UpdatedAt } from '../../../platform/database/columns';

@Entity('einstellung')
export class Einstellung {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'varchar', length: 60, unique: true }) schluessel: string;
  @JsonColumn({ nullable: false }) wert: Record<string, unknown>;
  @CreatedAt() createdAt: Date;
  @UpdatedAt() updatedAt: Date;
}

/** That a month (Buchungsstapel of one calendar month) or a summary was exported to DATEV, when and by whom. */
@Entity('datev_export')
export class DatevExportEintrag {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'varchar', length: 40 }) art: string;
  @Column({ type: 'varchar', length: 7, nullable: true }) monat: string | null;
  @Column({ type: 'integer', nullable: true }) rw_abrechnung_id: number | null;
  @Column({ type: 'integer', default: 0 }) buchungen: number;
  @Column({ type: 'varchar', length: 255, nullable: true }) admin_name: string | null;
  @CreatedAt() createdAt: Date;
}
