/** Number circles (spec 003 §3 'Kreis'): invoice numbers and debtor numbers, gapless per circle. */
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt, UpdatedAt, Version } from '../../../platform/database/columns';

@Entity('rw_kreis')
export class RwKreis {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'varchar', length: 255 }) titel: string;
  /** e.g. 'RE-{YYYY}-{NR:5}', see domain/nummernkreis.ts. */
  @Column({ type: 'varchar', length: 100, nullable: true }) template: string | null;
  /** Numbers issued so far; advanced only under a row lock by the invoice run. */
  @Column({ type: 'integer', default: 0 }) current_nr: number;
  @Column({ type: 'integer', default: 0 }) offset_nr: number;
  @CreatedAt() createdAt: Date;
  @UpdatedAt() updatedAt: Date;
  @Version() version: number;
}

@Entity('rw_debitor_kreis')
export class RwDebitorKreis {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'varchar', length: 255 }) titel: string;
  @Column({ type: 'varchar', length: 100, nullable: true }) template: string | null;
  @Column({ type: 'integer', default: 0 }) current_nr: number;
  @Column({ type: 'integer', default: 0 }) offset_nr: number;
  @CreatedAt() createdAt: Date;
  @UpdatedAt() updatedAt: Date;
  @Version() version: number;
}
