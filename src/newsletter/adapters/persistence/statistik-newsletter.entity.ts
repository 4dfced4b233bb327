/** One click on a newsletter link (spec 003 §3 statistik-newsletter; dashboard and evaluations). */
import { Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { CreatedAt, DateOnlyColumn } from '../../../platform/database/columns';
import { Benutzer } from '../../../membership/adapters/persistence/benutzer.entity';
import { Newsletter } from './newsletter.entity';
import { NewsletterDispatcher } from './newsletter-dispatcher.entity';

@Entity('statistik_newsletter')
export class StatistikNewsletter {
  @PrimaryGeneratedColumn() id: number;
  /** Berlin calendar date and time of the click. */
  @DateOnlyColumn({ nullable: false }) datum: string;
  @Column({ type: 'varchar', length: 8, nullable: true }) uhrzeit: string | null;
  @Column({ type: 'integer', nullable: true }) newsletter_id: number | null;
  @Column({ type: 'integer', nullable: true }) dispatcher_id: number | null;
  @Column({ type: 'integer', nullable: true }) benutzer_id: number | null;
  /** The link's label in the newsletter and the address it leads to. */
  @Column({ type: 'text', nullable: true }) link: string | null;
  @Column({ type: 'text', nullable: true }) url: string | null;
  @CreatedAt() createdAt: Date;

  @ManyToOne(() => Newsletter, { createForeignKeyConstraints: false })
  @JoinColumn({ name: 'newsletter_id' })
  Newsletter: Relation<Newsletter> | null;

  @ManyToOne(() => NewsletterDispatcher, { createForeignKeyConstraints: false })
  @JoinColumn({ name: 'dispatcher_id' })
  Newsletter_Dispatcher: Relation<NewsletterDispatcher> | null;

  @ManyToOne(() => Benutzer, { createForeignKeyConstraints: false })
  @JoinColumn({ name: 'benutzer_id' })
  Benutzer: Relation<Benutzer> | null;
}
