/** A newsletter (spec 002 §3) with its send and exclusion groups. */
import { Column, Entity, OneToMany, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import {
  CreatedAt,
  DateOnlyColumn,
  JsonColumn,
  ManyToManyVia,
  ManyToOneVia,
  UpdatedAt,
  Version,
} from '../../../platform/database/columns';
import { BenutzerGruppe } from '../../../membership/adapters/persistence/benutzer-gruppe.entity';
import {
  Veranstaltung,
  VeranstaltungEvent,
} from '../../../seminars/adapters/persistence/veranstaltung.entity';
import { NewsletterAbsender } from './newsletter-absender.entity';
import { NewsletterDispatcher } from './newsletter-dispatcher.entity';
import { NewsletterVorlage } from './newsletter-vorlage.entity';

/** A newsletter's way to its dispatch; the dispatch workflow sets 'versendet' (spec 002 §4). */
export const BEARBEITUNGSSTATUS = ['offen', 'in Bearbeitung', 'freigegeben', 'versendet'] as const;

@Entity('newsletter')
export class Newsletter {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'varchar', length: 255 }) titel: string;
  @Column({ type: 'integer', nullable: true }) newsletter_absender_id: number | null;
  @Column({ type: 'varchar', length: 255, nullable: true }) betreff: string | null;
  @Column({ type: 'integer', nullable: true }) veranstaltung_id: number | null;
  @Column({ type: 'integer', nullable: true }) veranstaltung_event_id: number | null;
  @Column({ type: 'integer', nullable: true }) newsletter_vorlagen_id: number | null;
  /** Starts as 'offen'; maintained by the dispatch workflow, read-only in the form (spec 002 §4). */
  @Column({ type: 'varchar', length: 40, default: 'offen' })
  bearbeitungsstatus: (typeof BEARBEITUNGSSTATUS)[number];
  @DateOnlyColumn() manual_versanddatum: string | null;
  @Column({ type: 'varchar', length: 8, nullable: true }) manual_versanduhrzeit: string | null;
  @Column({ type: 'boolean', default: false }) allow_duplicate_email: boolean;
  @Column({ type: 'boolean', default: false }) freigabe: boolean;
  /** Created by a template's automation (spec 003 §3). */
  @Column({ type: 'boolean', default: false }) auto_newsletter: boolean;
  /** Template and seminar (or event) of an automatic newsletter, unique: each is made once (domain/automatik.ts). */
  @Column({ type: 'varchar', length: 100, nullable: true }) auto_schluessel: string | null;
  @JsonColumn() json_content: unknown;
  @Column({ type: 'text', nullable: true }) body: string | null;
  @CreatedAt() createdAt: Date;
  @UpdatedAt() updatedAt: Date;
  @Version() version: number;

  @ManyToOneVia(() => NewsletterAbsender, 'newsletter_absender_id')
  Newsletter_Absender: Relation<NewsletterAbsender> | null;

  @ManyToOneVia(() => NewsletterVorlage, 'newsletter_vorlagen_id')
  Newsletter_Vorlage: Relation<NewsletterVorlage> | null;

  @ManyToOneVia(() => Veranstaltung, 'veranstaltung_id')
  Veranstaltung: Relation<Veranstaltung> | null;

  @ManyToOneVia(() => VeranstaltungEvent, 'veranstaltung_event_id')
  Veranstaltung_Event: Relation<VeranstaltungEvent> | null;

  /** Send groups. */
  @ManyToManyVia(() => BenutzerGruppe, 'newsletter_benutzer_gruppe', 'newsletter_id', 'benutzer_gruppe_id')
  Benutzer_Gruppes: Relation<BenutzerGruppe>[];

  /** Exclusion groups: their members never receive this newsletter. */
  @ManyToManyVia(() => BenutzerGruppe, 'newsletter_ausschluss_gruppe', 'newsletter_id', 'benutzer_gruppe_id')
  Ausschluss_Gruppes: Relation<BenutzerGruppe>[];

  @OneToMany(() => NewsletterDispatcher, (d) => d.Newsletter)
  Newsletter_Dispatchers: Relation<NewsletterDispatcher>[];
}
