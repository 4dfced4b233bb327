/** The association's websites and their news (spec 002 §3, Webseiten-Verwaltung). */
import { Column, Entity, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import {
  CreatedAt,
  DateOnlyColumn,
  JsonColumn,
  ManyToOneVia,
  UpdatedAt,
  Version,
} from '../../../platform/database/columns';
import { NewsletterAbsender } from './newsletter-absender.entity';

/** `data` holds seminar_bescheinigung_template and further per-website settings. */
@Entity('verband_website')
export class VerbandWebsite {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'varchar', length: 255 }) website: string;
  @Column({ type: 'text', nullable: true }) sonstiges: string | null;
  @Column({ type: 'integer', nullable: true }) newsletter_absender_id: number | null;
  @JsonColumn() data: Record<string, unknown> | null;
  @CreatedAt() createdAt: Date;
  @UpdatedAt() updatedAt: Date;
  @Version() version: number;

  @ManyToOneVia(() => NewsletterAbsender, 'newsletter_absender_id')
  Newsletter_Absender: Relation<NewsletterAbsender> | null;
}

export const NEWS_TYPEN = ['News'] as const;

/**
 * A news item. `data` holds detail_page, link, link_titel, preview_image, theme, description,
 * teaser_image and content (spec 002 §3).
 */
@Entity('news')
export class News {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'varchar', length: 40, default: 'News' }) typ: string;
  @Column({ type: 'varchar', length: 255 }) titel: string;
  @Column({ type: 'boolean', default: true }) aktiv: boolean;
  @DateOnlyColumn() von: string | null;
  @DateOnlyColumn() bis: string | null;
  /** The website that shows it; null shows it on every website. */
  @Column({ type: 'integer', nullable: true }) verband_website_id: number | null;
  @JsonColumn() data: Record<string, unknown> | null;
  @CreatedAt() createdAt: Date;
  @UpdatedAt() updatedAt: Date;
  @Version() version: number;

  @ManyToOneVia(() => VerbandWebsite, 'verband_website_id')
  Verband_Website: Relation<VerbandWebsite> | null;
}
