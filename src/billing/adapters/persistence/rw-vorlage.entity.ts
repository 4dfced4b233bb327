/** Invoice templates and invoice texts (spec 002 §3). */
import { Column, Entity, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { CreatedAt, ManyToOneVia, UpdatedAt, Version } from '../../../platform/database/columns';
import { RwKreis } from './rw-kreis.entity';

/**
 * `datei` and `storno_datei` name files in the rw-vorlage file area; the opening and closing text
 * blocks are printed on its invoices (and storno invoices) before the lines and after the payment text.
 */
@Entity('rw_vorlage')
export class RwVorlage {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'varchar', length: 255 }) titel: string;
  @Column({ type: 'integer', nullable: true }) rw_kreis_id: number | null;
  @Column({ type: 'varchar', length: 255, nullable: true }) datei: string | null;
  @Column({ type: 'varchar', length: 255, nullable: true }) storno_datei: string | null;
  @Column({ type: 'integer', nullable: true }) einleitung_rw_text_id: number | null;
  @Column({ type: 'integer', nullable: true }) schluss_rw_text_id: number | null;
  @CreatedAt() createdAt: Date;
  @UpdatedAt() updatedAt: Date;
  @Version() version: number;

  @ManyToOneVia(() => RwKreis, 'rw_kreis_id')
  RW_Kreis: Relation<RwKreis> | null;

  @ManyToOneVia(() => RwText, 'einleitung_rw_text_id')
  Einleitung_Text: Relation<RwText> | null;

  @ManyToOneVia(() => RwText, 'schluss_rw_text_id')
  Schluss_Text: Relation<RwText> | null;
}

/** A text block for invoices; `text` is rich text (HTML). */
@Entity('rw_text')
export class RwText {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'varchar', length: 255 }) titel: string;
  @Column({ type: 'text', nullable: true }) beschreibung: string | null;
  @Column({ type: 'text', nullable: true }) text: string | null;
  @CreatedAt() createdAt: Date;
  @UpdatedAt() updatedAt: Date;
  @Version() version: number;
}
