import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt, UpdatedAt, Version } from '../../../platform/database/columns';

/** What a download belongs to (spec 000 §3); `relation_id` is the id in that resource. */
export const DOWNLOAD_RELATIONS = [
  'Veranstaltung',
  'Veranstaltung-Event',
  'Veranstaltung-Inhalt',
  'Veranstaltung-Referent',
  'Veranstaltung-Ort',
  'Newsletter',
  'News',
] as const;

/** Spec 000 §3 and 001 §9; which categories a screen offers depends on the relation. */
export const DOWNLOAD_KATEGORIEN = [
  'Skript',
  'Fax-Anmeldung',
  'Inhaltsverzeichnis',
  'Bild',
  'Anfahrtsskizze',
  'Anhang',
  'Sonstiges',
] as const;

/** A file offered at /download/{file_name}; `real_name` is the name it was uploaded with. */
@Entity('download')
export class Download {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'varchar', length: 255, nullable: true }) real_name: string | null;
  @Column({ type: 'varchar', length: 255, nullable: true }) title: string | null;
  @Column({ type: 'varchar', length: 255 }) file_name: string;
  @Column({ type: 'varchar', length: 40, nullable: true }) relation:
    (typeof DOWNLOAD_RELATIONS)[number] | null;
  @Column({ type: 'integer', nullable: true }) relation_id: number | null;
  @Column({ type: 'varchar', length: 40, nullable: true }) category:
    (typeof DOWNLOAD_KATEGORIEN)[number] | null;
  /** Size in bytes. */
  @Column({ type: 'integer', nullable: true }) size: number | null;
  @Column({ type: 'boolean', default: true }) public: boolean;
  @Column({ type: 'varchar', length: 20, nullable: true }) ext: string | null;
  @CreatedAt() createdAt: Date;
  @UpdatedAt() updatedAt: Date;
  @Version() version: number;
}
