/** One click on a newsletter link (spec 003 §3 statistik-newsletter; dashboard and evaluations). */
import { Column, Entity, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { CreatedAt, DateOnlyColumn, ManyToOneVia } from '../../../platform/database/columns';
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

  @ManyToOneVia(() => Newsletter, 'newsletter_id')
  Newsletter: Relation<Newsletter> | null;

  @ManyToOneVia(() => NewsletterDispatcher, 'dispatcher_id')
  Newsletter_Dispatcher: Relation<NewsletterDispatcher> | null;

  @ManyToOneVia(() => Benutzer, 'benutzer_id')
  Benutzer: Relation<Benutzer> | null;
}
