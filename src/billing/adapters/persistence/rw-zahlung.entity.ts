/**
 * Payments of invoices and the bank statement entries they were read from (issue 28). A payment
 * is never changed: a returned debit or a refund is a payment of its own, so the history stays.
 */
import { Column, Entity, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import {
  CreatedAt,
  DateOnlyColumn,
  ManyToOneVia,
  MoneyColumn,
  Version,
} from '../../../platform/database/columns';
import type { KontoauszugStatus } from '../../domain/zahlungsabgleich';
import type { Zahlungsart, Zahlungsquelle } from '../../domain/zahlung';
import { RwAbrechnung } from './rw-abrechnung.entity';
import { RwRechnung } from './rw-rechnung.entity';

/** One entry (Ntry) of an imported camt.053 statement. */
@Entity('rw_kontoauszug_posten')
export class RwKontoauszugPosten {
  @PrimaryGeneratedColumn() id: number;
  /** Stmt/Id. */
  @Column({ type: 'varchar', length: 35 }) auszug: string;
  /** The bank's reference (AcctSvcrRef), else statement id and entry: importing twice finds it. */
  @Column({ type: 'varchar', length: 80, unique: true }) referenz: string;
  @DateOnlyColumn() datum: string | null;
  /** Always positive; `gutschrift` says the direction. */
  @MoneyColumn() betrag: number;
  @Column({ type: 'boolean' }) gutschrift: boolean;
  @Column({ type: 'boolean', default: false }) ruecklastschrift: boolean;
  @Column({ type: 'varchar', length: 140, nullable: true }) name: string | null;
  @Column({ type: 'varchar', length: 34, nullable: true }) iban: string | null;
  @Column({ type: 'varchar', length: 500, nullable: true }) verwendungszweck: string | null;
  @Column({ type: 'varchar', length: 35, nullable: true }) end_to_end_referenz: string | null;
  @Column({ type: 'varchar', length: 35, nullable: true }) sammler_referenz: string | null;
  @Column({ type: 'varchar', length: 35, nullable: true }) rueckgabegrund: string | null;
  @MoneyColumn({ nullable: true }) gebuehr: number | null;
  @Column({ type: 'varchar', length: 40 }) status: KontoauszugStatus;
  /** Why it waits although it names an invoice (domain/zahlungsabgleich.ts). */
  @Column({ type: 'varchar', length: 200, nullable: true }) grund: string | null;
  @Column({ type: 'integer', nullable: true }) rw_rechnung_id: number | null;
  @Column({ type: 'integer', nullable: true }) rw_abrechnung_id: number | null;
  @Column({ type: 'varchar', length: 255, nullable: true }) admin_name: string | null;
  @CreatedAt() createdAt: Date;
  @Version() version: number;

  @ManyToOneVia(() => RwRechnung, 'rw_rechnung_id')
  RW_Rechnung: Relation<RwRechnung> | null;

  @ManyToOneVia(() => RwAbrechnung, 'rw_abrechnung_id')
  RW_Abrechnung: Relation<RwAbrechnung> | null;
}

@Entity('rw_zahlung')
export class RwZahlung {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'integer' }) rw_rechnung_id: number;
  @DateOnlyColumn() datum: string | null;
  /** Signed: positive received or netted, negative returned or refunded. */
  @MoneyColumn() betrag: number;
  @Column({ type: 'varchar', length: 40 }) art: Zahlungsart;
  @Column({ type: 'varchar', length: 40 }) quelle: Zahlungsquelle;
  @Column({ type: 'varchar', length: 80, nullable: true }) bank_referenz: string | null;
  @MoneyColumn({ nullable: true }) gebuehr: number | null;
  @Column({ type: 'varchar', length: 35, nullable: true }) rueckgabegrund: string | null;
  @Column({ type: 'integer', nullable: true }) rw_kontoauszug_posten_id: number | null;
  @Column({ type: 'varchar', length: 255, nullable: true }) admin_name: string | null;
  @CreatedAt() createdAt: Date;

  @ManyToOneVia(() => RwRechnung, 'rw_rechnung_id')
  RW_Rechnung: Relation<RwRechnung>;

  @ManyToOneVia(() => RwKontoauszugPosten, 'rw_kontoauszug_posten_id')
  RW_Kontoauszug_Posten: Relation<RwKontoauszugPosten> | null;
}
