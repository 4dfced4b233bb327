/**
 * A booking transaction (spec 002 §3, spec 000 §3). Versioned (DESIGN.md §4): a change writes a
 * new version; `first_id` points at the first version of the chain (itself for the first one) and
 * `child_id` at the version that replaced this one (null for the current version).
 */
import { Column, Entity, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import {
  CreatedAt,
  DateTimeColumn,
  JsonColumn,
  ManyToOneVia,
  MoneyColumn,
  UpdatedAt,
  Version,
} from '../../../platform/database/columns';
import { Benutzer } from '../../../membership/adapters/persistence/benutzer.entity';
import {
  Veranstaltung,
  VeranstaltungEvent,
} from '../../../seminars/adapters/persistence/veranstaltung.entity';
import { WbAbo, WbAboBuchung, WbAboTurnus } from '../../../promotions/adapters/persistence/wb-abo.entity';
import { Produkt, WbBundle, Warenkorb } from '../../../promotions/adapters/persistence/verkauf.entity';
import type { Kategorie } from '../../domain/kategorie';
import { RwRechnung } from './rw-rechnung.entity';

@Entity('rw_transaction')
export class RwTransaction {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'integer', nullable: true }) first_id: number | null;
  @Column({ type: 'integer', nullable: true }) child_id: number | null;
  @MoneyColumn({ nullable: true }) betrag: number | null;
  @Column({ type: 'boolean', default: false }) verifiziert: boolean;
  @Column({ type: 'boolean', default: false }) storno: boolean;
  @Column({ type: 'boolean', default: false }) locked: boolean;
  @Column({ type: 'integer', nullable: true }) rw_rechnung_id: number | null;
  /** The booking person (who pays). */
  @Column({ type: 'integer', nullable: true }) benutzer_id: number | null;
  /** The participant, when someone else takes part (an employee of a firm). */
  @Column({ type: 'integer', nullable: true }) teilnehmer_id: number | null;
  @Column({ type: 'varchar', length: 40 }) category: Kategorie;
  @Column({ type: 'integer', nullable: true }) veranstaltung_id: number | null;
  @Column({ type: 'integer', nullable: true }) veranstaltung_event_id: number | null;
  @Column({ type: 'integer', nullable: true }) wb_abo_id: number | null;
  @Column({ type: 'integer', nullable: true }) wb_abo_turnus_id: number | null;
  @Column({ type: 'integer', nullable: true }) wb_abo_buchung_id: number | null;
  @Column({ type: 'integer', nullable: true }) wb_bundle_id: number | null;
  @Column({ type: 'integer', nullable: true }) warenkorb_id: number | null;
  @Column({ type: 'integer', nullable: true }) produkt_id: number | null;
  @Column({ type: 'varchar', length: 40, nullable: true }) buchung_typ: string | null;
  @DateTimeColumn() buchung_time: Date | null;
  @Column({ type: 'varchar', length: 255, nullable: true }) titel: string | null;
  /** The participant's name as booked (also for guests without a Benutzer). */
  @Column({ type: 'text', nullable: true }) teilnehmer: string | null;
  @JsonColumn() data: Record<string, unknown> | null;
  @CreatedAt() createdAt: Date;
  @UpdatedAt() updatedAt: Date;
  @Version() version: number;

  @ManyToOneVia(() => Benutzer, 'benutzer_id')
  Benutzer: Relation<Benutzer> | null;

  @ManyToOneVia(() => Benutzer, 'teilnehmer_id')
  Teilnehmer: Relation<Benutzer> | null;

  @ManyToOneVia(() => Veranstaltung, 'veranstaltung_id')
  Veranstaltung: Relation<Veranstaltung> | null;

  @ManyToOneVia(() => VeranstaltungEvent, 'veranstaltung_event_id')
  Veranstaltung_Event: Relation<VeranstaltungEvent> | null;

  @ManyToOneVia(() => WbAbo, 'wb_abo_id')
  WB_Abo: Relation<WbAbo> | null;

  @ManyToOneVia(() => WbAboTurnus, 'wb_abo_turnus_id')
  WB_Abo_Turnus: Relation<WbAboTurnus> | null;

  @ManyToOneVia(() => WbAboBuchung, 'wb_abo_buchung_id')
  WB_Abo_Buchung: Relation<WbAboBuchung> | null;

  @ManyToOneVia(() => WbBundle, 'wb_bundle_id')
  WB_Bundle: Relation<WbBundle> | null;

  @ManyToOneVia(() => Warenkorb, 'warenkorb_id')
  Warenkorb: Relation<Warenkorb> | null;

  @ManyToOneVia(() => Produkt, 'produkt_id')
  Produkt: Relation<Produkt> | null;

  @ManyToOneVia(() => RwRechnung, 'rw_rechnung_id')
  RW_Rechnung: Relation<RwRechnung> | null;

  /** The first version of this transaction's chain. */
  @ManyToOneVia(() => RwTransaction, 'first_id')
  First: Relation<RwTransaction> | null;

  /** The version that replaced this one. */
  @ManyToOneVia(() => RwTransaction, 'child_id')
  Child: Relation<RwTransaction> | null;
}
