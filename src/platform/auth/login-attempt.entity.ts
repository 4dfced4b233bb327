import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One login attempt, counted before its password check (LoginThrottle). */
@Entity('login_attempt')
export class LoginAttempt {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'varchar', length: 255 }) login: string;
  @Column({ type: 'varchar', length: 64, nullable: true }) ip: string | null;
  @Column({ type: 'datetime', nullable: true }) createdAt: Date | null;
}
