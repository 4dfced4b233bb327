import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
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
}
