/** Subscriptions (Abos), their billing periods (Turnus) and bookings (spec 003 §3, spec 002 §3). */
import { Column, Entity, OneToMany, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Angebot } from './angebot';
import {
  CreatedAt,
  DateOnlyColumn,
  Decimal2Column,
  ManyToManyVia,
  ManyToOneVia,
  MoneyColumn,
  UpdatedAt,
  Version,
} from '../../../platform/database/columns';
import { Benutzer } from '../../../membership/adapters/persistence/benutzer.entity';
import { BenutzerGruppe } from '../../../membership/adapters/persistence/benutzer-gruppe.entity';
import {
  Veranstaltung,
  VeranstaltungEvent,
} from '../../../seminars/adapters/persistence/veranstaltung.entity';

export const TURNUSTYPEN = ['jaehrlich', 'monatlich'] as const;

/** Defaults of spec 003 §9; rw_vorlage_id points at the billing context's invoice templates. */
@Entity('wb_abo')
export class WbAbo extends Angebot {
  @Column({ type: 'integer', nullable: true }) rw_vorlage_id: number | null;
  @Column({ type: 'boolean', default: true }) aktiv: boolean;
  @Column({ type: 'boolean', default: false }) auslaufen_lassen: boolean;
  @Column({ type: 'varchar', length: 40, default: 'jaehrlich' }) turnustyp: (typeof TURNUSTYPEN)[number];
  /** Day of the month the periods start on, 1 to 28. */
  @Column({ type: 'integer', default: 1 }) stichtag: number;
  /** Month the yearly periods start in, 1 to 12; null for monthly Abos. */
  @Column({ type: 'integer', nullable: true, default: 1 }) stichmonat: number | null;
  /** Days before the cut-off date that a period is billed and cancellations take effect. */
  @Column({ type: 'integer', default: 0 }) turn_offset_days: number;
  /** Periods billed together, at least 1. */
  @Column({ type: 'integer', default: 1 }) abrechnungsintervall: number;
  @Column({ type: 'boolean', default: false }) instant_storno: boolean;
  @Column({ type: 'boolean', default: false }) dyn_kuend_frist: boolean;

  @ManyToManyVia(() => BenutzerGruppe, 'wb_abo_benutzer_gruppe', 'wb_abo_id', 'benutzer_gruppe_id')
  Benutzer_Gruppes: Relation<BenutzerGruppe>[];

  /** The billing periods, the spec's plural of Turnus as for its other list associations. */
  @OneToMany(() => WbAboTurnus, (t) => t.WB_Abo) WB_Abo_Turnuses: Relation<WbAboTurnus>[];
}

/**
 * One billing period of an Abo with its price and terms, and the seminars and events it
 * includes. Defaults of spec 003 §9 (preis 100, preisgarantie 1, verlaengerung 1, kuendigungsfrist 14).
 */
@Entity('wb_abo_turnus')
export class WbAboTurnus {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'integer' }) wb_abo_id: number;
  @DateOnlyColumn({ nullable: false }) von: string;
  @DateOnlyColumn() bis: string | null;
  @MoneyColumn({ nullable: false, default: 100 }) preis: number;
  /** VAT rate in percent; null means the Abo's default. */
  @Decimal2Column(5) mwst: number | null;
  /** Periods the price is guaranteed for, at least 1. */
  @Column({ type: 'integer', default: 1 }) preisgarantie: number;
  /** Periods a booking renews by, at least 1. */
  @Column({ type: 'integer', default: 1 }) verlaengerung: number;
  /** Days of notice before the period ends. */
  @Column({ type: 'integer', default: 14 }) kuendigungsfrist: number;
  @Column({ type: 'boolean', default: false }) pause: boolean;
  @CreatedAt() createdAt: Date;
  @UpdatedAt() updatedAt: Date;
  @Version() version: number;

  @ManyToOneVia(() => WbAbo, 'wb_abo_id')
  WB_Abo: Relation<WbAbo>;

  @ManyToManyVia(() => Veranstaltung, 'wb_abo_turnus_veranstaltung', 'wb_abo_turnus_id', 'veranstaltung_id')
  Veranstaltungs: Relation<Veranstaltung>[];

  @ManyToManyVia(
    () => VeranstaltungEvent,
    'wb_abo_turnus_event',
    'wb_abo_turnus_id',
    'veranstaltung_event_id',
  )
  Events: Relation<VeranstaltungEvent>[];
}

/**
 * A member's Abo booking from `first_turnus_id`; `last_turnus_id` and `storno_valid_from` are set
 * when it is cancelled. `teilnehmer` names a participant who is not a Benutzer.
 */
@Entity('wb_abo_buchung')
export class WbAboBuchung {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'integer' }) benutzer_id: number;
  @Column({ type: 'integer', nullable: true }) teilnehmer_id: number | null;
  @Column({ type: 'integer' }) wb_abo_id: number;
  @Column({ type: 'integer' }) first_turnus_id: number;
  @Column({ type: 'integer', nullable: true }) last_turnus_id: number | null;
  @DateOnlyColumn() storno_valid_from: string | null;
  @DateOnlyColumn() storno_datum: string | null;
  @Column({ type: 'text', nullable: true }) teilnehmer: string | null;
  @CreatedAt() createdAt: Date;
  @UpdatedAt() updatedAt: Date;
  @Version() version: number;

  @ManyToOneVia(() => Benutzer, 'benutzer_id')
  Benutzer: Relation<Benutzer>;

  @ManyToOneVia(() => Benutzer, 'teilnehmer_id')
  Teilnehmer: Relation<Benutzer> | null;

  @ManyToOneVia(() => WbAbo, 'wb_abo_id')
  WB_Abo: Relation<WbAbo>;

  @ManyToOneVia(() => WbAboTurnus, 'first_turnus_id')
  First_Turnus: Relation<WbAboTurnus>;

  @ManyToOneVia(() => WbAboTurnus, 'last_turnus_id')
  Last_Turnus: Relation<WbAboTurnus> | null;
}
