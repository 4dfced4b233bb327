import { Column, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt, JsonColumn } from '../database/columns';
import type { AuditChanges } from './audit-changes';

/** One change: who (kept by name too: staff may leave), when, what, and the changed fields. */
@Entity('audit')
export class Audit {
  @PrimaryGeneratedColumn() id: number;
  @CreatedAt() createdAt: Date;
  @Column({ type: 'int', nullable: true }) user_id: number | null;
  @Column({ type: 'varchar', length: 200, nullable: true }) user_name: string | null;
  @Column({ type: 'varchar', length: 60 }) resource: string;
  @Column({ type: 'int', nullable: true }) record_id: number | null;
  @Column({ type: 'varchar', length: 40 }) action: string;
  @JsonColumn() changes: AuditChanges | null;
  /** Issue 29: SHA-256 of `vorgaenger_hash` and this row's content (audit-kette.ts). */
  @Column({ type: 'varchar', length: 64, nullable: true }) hash: string | null;
  @Column({ type: 'varchar', length: 64, nullable: true }) vorgaenger_hash: string | null;
}

/** The head of the one audit chain: the row writers lock before they append (audit-kettenkopf.ts). */
@Entity('audit_kette')
export class AuditKettenKopfZeile {
  @PrimaryColumn({ type: 'int' }) id: number;
  @Column({ type: 'int', nullable: true }) letzte_id: number | null;
  @Column({ type: 'varchar', length: 64, nullable: true }) letzter_hash: string | null;
  /** The last row written before the chain existed; rows up to it are chained at start-up. */
  @Column({ type: 'int', nullable: true }) altbestand_bis: number | null;
  @Column({ type: 'int', default: 0 }) stand: number;
}
