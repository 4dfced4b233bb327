/**
 * A summary/export of the invoices of one category object (spec 002 §3). `data` holds betrag,
 * all, created, storno, sepa_debit, sepa_transfer and rechnungenEmail; the admin log records who
 * exported or mailed what.
 */
import { Column, Entity, OneToMany, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { CreatedAt, JsonColumn, ManyToOneVia, UpdatedAt, Version } from '../../../platform/database/columns';
import { Veranstaltung } from '../../../seminars/adapters/persistence/veranstaltung.entity';
import { WbAbo } from '../../../promotions/adapters/persistence/wb-abo.entity';
import type { AbrechnungLogArt, Kategorie } from '../../domain/kategorie';
import { RwRechnung } from './rw-rechnung.entity';

@Entity('rw_abrechnung')
export class RwAbrechnung {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'varchar', length: 40, nullable: true }) category: Kategorie | null;
  @Column({ type: 'integer', nullable: true }) veranstaltung_id: number | null;
  @Column({ type: 'integer', nullable: true }) wb_abo_id: number | null;
  @Column({ type: 'integer', nullable: true }) wb_bundle_id: number | null;
  @Column({ type: 'integer', nullable: true }) warenkorb_id: number | null;
  @JsonColumn() data: Record<string, unknown> | null;
  @CreatedAt() createdAt: Date;
  @UpdatedAt() updatedAt: Date;
  @Version() version: number;

  @OneToMany(() => RwAbrechnungLog, (l) => l.RW_Abrechnung) RW_Abrechnung_Logs: Relation<RwAbrechnungLog>[];
  @OneToMany(() => RwRechnung, (r) => r.RW_Abrechnung) RW_Rechnungs: Relation<RwRechnung>[];

  @ManyToOneVia(() => Veranstaltung, 'veranstaltung_id')
  Veranstaltung: Relation<Veranstaltung> | null;

  @ManyToOneVia(() => WbAbo, 'wb_abo_id')
  WB_Abo: Relation<WbAbo> | null;
}

/** One admin action on a summary: its type, who, when. */
@Entity('rw_abrechnung_log')
export class RwAbrechnungLog {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'integer' }) rw_abrechnung_id: number;
  @Column({ type: 'varchar', length: 40 }) type: AbrechnungLogArt;
  @Column({ type: 'varchar', length: 255, nullable: true }) admin_name: string | null;
  @CreatedAt() createdAt: Date;

  @ManyToOneVia(() => RwAbrechnung, 'rw_abrechnung_id')
  RW_Abrechnung: Relation<RwAbrechnung>;
}
