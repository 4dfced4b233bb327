import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt } from '../../../platform/database/columns';

/**
 * Issue 34: the newsletter opt-out of an address erased on request, kept only as its SHA-256
 * (domain/newsletter-sperre.ts), so that adding the address again does not subscribe it again.
 */
@Entity('newsletter_sperre')
export class NewsletterSperre {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'varchar', length: 64 }) email_hash: string;
  @CreatedAt() createdAt: Date;
}
