/**
 * An issued invoice (spec 002 §3). Issued invoices never change (DESIGN.md §4): `data` holds the
 * issued content (addresses, lines, texts) as a snapshot; corrections are storno invoices, linked
 * both ways through `storno_id` (on the original) and `storno_parent_id` (on the storno).
 */
import { Column, Entity, OneToMany, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import {
  CreatedAt,
  DateOnlyColumn,
  DateTimeColumn,
  JsonColumn,
  ManyToOneVia,
  MoneyColumn,
  UpdatedAt,
  Version,
} from '../../../platform/database/columns';
import { Benutzer } from '../../../membership/adapters/persistence/benutzer.entity';
import { BenutzerKonto } from '../../../membership/adapters/persistence/benutzer-kontakt.entity';
import { Veranstaltung } from '../../../seminars/adapters/persistence/veranstaltung.entity';
import { WbAbo } from '../../../promotions/adapters/persistence/wb-abo.entity';
import type { BezahlTyp, Kategorie } from '../../domain/kategorie';
import { RwAbrechnung } from './rw-abrechnung.entity';
import { RwKreis } from './rw-kreis.entity';
import { RwTransaction } from './rw-transaction.entity';
import { RwVorlage } from './rw-vorlage.entity';
import { RwZahlung } from './rw-zahlung.entity';
import type { Zahlstatus } from '../../domain/zahlung';

@Entity('rw_rechnung')
export class RwRechnung {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'varchar', length: 50 }) rechnungs_nr: string;
  /** Gross amount. */
  @MoneyColumn({ nullable: true }) betrag: number | null;
  @MoneyColumn({ nullable: true }) netto: number | null;
  @MoneyColumn({ nullable: true }) mwst: number | null;
  @Column({ type: 'integer', nullable: true }) storno_id: number | null;
  @Column({ type: 'integer', nullable: true }) storno_parent_id: number | null;
  @Column({ type: 'varchar', length: 40, nullable: true }) bezahloption_typ: BezahlTyp | null;
  @Column({ type: 'varchar', length: 40, nullable: true }) storno_bezahloption_typ: BezahlTyp | null;
  @Column({ type: 'integer', nullable: true }) storno_benutzer_konto_id: number | null;
  @Column({ type: 'integer', nullable: true }) rw_abrechnung_id: number | null;
  @Column({ type: 'integer', nullable: true }) rw_kreis_id: number | null;
  @Column({ type: 'integer', nullable: true }) benutzer_id: number | null;
  @Column({ type: 'varchar', length: 40, nullable: true }) category: Kategorie | null;
  @Column({ type: 'integer', nullable: true }) veranstaltung_id: number | null;
  @Column({ type: 'integer', nullable: true }) wb_abo_id: number | null;
  @Column({ type: 'integer', nullable: true }) wb_bundle_id: number | null;
  @Column({ type: 'integer', nullable: true }) warenkorb_id: number | null;
  @JsonColumn() data: Record<string, unknown> | null;
  /** The template it was issued with (domain/steuerquellen.ts chose it); null: the shipped default. */
  @Column({ type: 'integer', nullable: true }) rw_vorlage_id: number | null;
  /** The PDF rendered at issue, in the invoice archive, and its SHA-256 (hex): what every download serves. */
  @Column({ type: 'varchar', length: 255, nullable: true }) original_datei: string | null;
  @Column({ type: 'varchar', length: 64, nullable: true }) original_sha256: string | null;
  /** Derived from the amount and the payments by domain/zahlung.ts, kept with every payment booked. */
  @Column({ type: 'varchar', length: 40, nullable: true }) zahlstatus: Zahlstatus | null;
  /** Issue 34: set when its recipient was erased on request; the yearly job deletes it after this day. */
  @DateOnlyColumn() aufbewahren_bis: string | null;
  /** When the summary's batch e-mail claimed the invoice (issue 28: at most once per invoice). */
  @DateTimeColumn() email_versendet_am: Date | null;
  @CreatedAt() createdAt: Date;
  @UpdatedAt() updatedAt: Date;
  @Version() version: number;

  @OneToMany(() => RwTransaction, (t) => t.RW_Rechnung) RW_Transactions: Relation<RwTransaction>[];
  @OneToMany(() => RwZahlung, (z) => z.RW_Rechnung) RW_Zahlungs: Relation<RwZahlung>[];

  @ManyToOneVia(() => Benutzer, 'benutzer_id')
  Benutzer: Relation<Benutzer> | null;

  @ManyToOneVia(() => RwAbrechnung, 'rw_abrechnung_id')
  RW_Abrechnung: Relation<RwAbrechnung> | null;

  @ManyToOneVia(() => RwKreis, 'rw_kreis_id')
  RW_Kreis: Relation<RwKreis> | null;

  @ManyToOneVia(() => RwVorlage, 'rw_vorlage_id')
  RW_Vorlage: Relation<RwVorlage> | null;

  /** The storno invoice that cancelled this one. */
  @ManyToOneVia(() => RwRechnung, 'storno_id')
  Storno: Relation<RwRechnung> | null;

  /** On a storno invoice: the invoice it cancels. */
  @ManyToOneVia(() => RwRechnung, 'storno_parent_id')
  Storno_Parent: Relation<RwRechnung> | null;

  @ManyToOneVia(() => BenutzerKonto, 'storno_benutzer_konto_id')
  Storno_Benutzer_Konto: Relation<BenutzerKonto> | null;

  @ManyToOneVia(() => Veranstaltung, 'veranstaltung_id')
  Veranstaltung: Relation<Veranstaltung> | null;

  @ManyToOneVia(() => WbAbo, 'wb_abo_id')
  WB_Abo: Relation<WbAbo> | null;
}
