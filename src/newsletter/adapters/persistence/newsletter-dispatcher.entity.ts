/**
 * A dispatch of a newsletter (spec 003 §3 Dispatcher) and its per-recipient log (spec 002 §3
 * newsletter sending record). A dispatch reaches each recipient at most once (DESIGN.md §4): the
 * log is unique per (newsletter_dispatcher_id, email, benutzer_id), and a row is claimed by one
 * send job before its mail goes out (domain/versand.ts).
 */
import { Column, Entity, OneToMany, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import {
  CreatedAt,
  DateOnlyColumn,
  DateTimeColumn,
  JsonColumn,
  ManyToOneVia,
  UpdatedAt,
  Version,
} from '../../../platform/database/columns';
import { Benutzer } from '../../../membership/adapters/persistence/benutzer.entity';
import { BenutzerEmail } from '../../../membership/adapters/persistence/benutzer-kontakt.entity';
import { Newsletter } from './newsletter.entity';

/** Made by the automation (spec 002 §6) or planned by staff. */
export const DISPATCHER_TYPEN = ['auto', 'manuell'] as const;

@Entity('newsletter_dispatcher')
export class NewsletterDispatcher {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'integer' }) newsletter_id: number;
  @DateTimeColumn() versand_time: Date | null;
  @Column({ type: 'boolean', default: false }) versendet: boolean;
  @DateTimeColumn() versendet_time: Date | null;
  /** When the planned job made the recipient rows; set once, by a guarded write (versand.ts). */
  @DateTimeColumn() empfaenger_time: Date | null;
  @Column({ type: 'boolean', default: false }) auto_dispatcher: boolean;
  /** Stopped by staff („Versand anhalten“, issue 31): no send job claims its rows until resumed. */
  @Column({ type: 'boolean', default: false }) angehalten: boolean;
  @Column({ type: 'text', nullable: true }) error: string | null;
  @Column({ type: 'text', nullable: true }) info: string | null;
  @Column({ type: 'varchar', length: 40, nullable: true }) typ: (typeof DISPATCHER_TYPEN)[number] | null;
  @JsonColumn() typ_data: Record<string, unknown> | null;
  /** Progress of the dispatch worker. */
  @Column({ type: 'integer', default: 0 }) total: number;
  @Column({ type: 'integer', default: 0 }) sent: number;
  @Column({ type: 'integer', default: 0 }) failed: number;
  @CreatedAt() createdAt: Date;
  @UpdatedAt() updatedAt: Date;
  @Version() version: number;

  @ManyToOneVia(() => Newsletter, 'newsletter_id')
  Newsletter: Relation<Newsletter>;

  @OneToMany(() => NewsletterVersand, (v) => v.Newsletter_Dispatcher)
  Newsletter_Versands: Relation<NewsletterVersand>[];
}

@Entity('newsletter_versand')
export class NewsletterVersand {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'integer' }) newsletter_dispatcher_id: number;
  @Column({ type: 'integer', nullable: true }) newsletter_id: number | null;
  @Column({ type: 'integer', nullable: true }) benutzer_id: number | null;
  @Column({ type: 'integer', nullable: true }) benutzer_email_id: number | null;
  @Column({ type: 'varchar', length: 255 }) email: string;
  @Column({ type: 'boolean', default: false }) versandflag: boolean;
  @DateOnlyColumn() versanddatum: string | null;
  @Column({ type: 'varchar', length: 8, nullable: true }) versanduhrzeit: string | null;
  @Column({ type: 'varchar', length: 40, nullable: true }) status: string | null;
  /** The send job run that claimed the row (domain/versand.ts). */
  @Column({ type: 'varchar', length: 40, nullable: true }) claim: string | null;
  @Column({ type: 'integer', default: 0 }) versuche: number;
  @DateTimeColumn() naechster_versuch: Date | null;
  /** The SMTP server's answer when the mail could not be delivered. */
  @Column({ type: 'text', nullable: true }) fehler: string | null;
  /** When the recipient unsubscribed through this mail's link (the newsletter evaluation's opt-outs). */
  @DateTimeColumn() abgemeldet_time: Date | null;
  @CreatedAt() createdAt: Date;
  @UpdatedAt() updatedAt: Date;
  @Version() version: number;

  @ManyToOneVia(() => NewsletterDispatcher, 'newsletter_dispatcher_id')
  Newsletter_Dispatcher: Relation<NewsletterDispatcher>;

  @ManyToOneVia(() => Newsletter, 'newsletter_id')
  Newsletter: Relation<Newsletter> | null;

  @ManyToOneVia(() => Benutzer, 'benutzer_id')
  Benutzer: Relation<Benutzer> | null;

  @ManyToOneVia(() => BenutzerEmail, 'benutzer_email_id')
  Benutzer_Email: Relation<BenutzerEmail> | null;
}
