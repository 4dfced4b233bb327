/** A sender address for newsletters (spec 002 §3). */
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt, UpdatedAt, Version } from '../../../platform/database/columns';

@Entity('newsletter_absender')
export class NewsletterAbsender {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'varchar', length: 255 }) name: string;
  @Column({ type: 'varchar', length: 255 }) email: string;
  @Column({ type: 'varchar', length: 255, nullable: true }) reply_to: string | null;
  @CreatedAt() createdAt: Date;
  @UpdatedAt() updatedAt: Date;
  @Version() version: number;
}
