/** Seminars, their events and contents (spec 001 §3, spec 002 §3). */
import { Column, Entity, OneToMany, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import {
  CreatedAt,
  DateOnlyColumn,
  DateTimeColumn,
  Decimal2Column,
  JsonColumn,
  ManyToManyVia,
  ManyToOneVia,
  MoneyColumn,
  UpdatedAt,
  Version,
} from '../../../platform/database/columns';
import {
  Fachberatermarke,
  StornoOption,
  VeranstaltungOrt,
  VeranstaltungReferent,
  VeranstaltungTyp,
} from './veranstaltung-lookups.entity';

/** The up to six price tiers with their descriptions plus an additional description (spec 001 §9). */
export abstract class Preisstaffel {
  @MoneyColumn({ nullable: true }) preis1: number | null;
  @MoneyColumn({ nullable: true }) preis2: number | null;
  @MoneyColumn({ nullable: true }) preis3: number | null;
  @MoneyColumn({ nullable: true }) preis4: number | null;
  @MoneyColumn({ nullable: true }) preis5: number | null;
  @MoneyColumn({ nullable: true }) preis6: number | null;
  @Column({ type: 'varchar', length: 255, nullable: true }) preis1_beschreibung: string | null;
  @Column({ type: 'varchar', length: 255, nullable: true }) preis2_beschreibung: string | null;
  @Column({ type: 'varchar', length: 255, nullable: true }) preis3_beschreibung: string | null;
  @Column({ type: 'varchar', length: 255, nullable: true }) preis4_beschreibung: string | null;
  @Column({ type: 'varchar', length: 255, nullable: true }) preis5_beschreibung: string | null;
  @Column({ type: 'varchar', length: 255, nullable: true }) preis6_beschreibung: string | null;
  @Column({ type: 'text', nullable: true }) zusatz_beschreibung: string | null;
}

/** How a seminar is held (the seeds derive it from the seminar type's category). */
export const VARIANTEN = ['seminar', 'webinar', 'lehrgang'] as const;

/**
 * A seminar. `data` holds lehrgang, disable_skript_per_post, tlms_course_id, image_url, promo_text,
 * pictogram, textfeld1, textfeld2, rw_feld1, rw_feld2, seminareinladung_pdf. `beginn`/`ende` are the
 * first start and last end of its events (kept up to date when events are saved).
 */
@Entity('veranstaltung')
export class Veranstaltung extends Preisstaffel {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'integer', nullable: true }) veranstaltung_typ_id: number | null;
  @Column({ type: 'varchar', length: 50, nullable: true }) lg_id: string | null;
  @Column({ type: 'varchar', length: 255 }) titel: string;
  @Column({ type: 'text', nullable: true }) beschreibung: string | null;
  @Column({ type: 'varchar', length: 40, nullable: true }) variant: (typeof VARIANTEN)[number] | null;
  @DateTimeColumn() beginn: Date | null;
  @DateTimeColumn() ende: Date | null;
  @DateOnlyColumn() anmeldeschluss: string | null;
  @Column({ type: 'boolean', default: false }) ringseminar: boolean;
  @Column({ type: 'boolean', default: false }) nicht_gesamt_buchbar: boolean;
  @Column({ type: 'text', nullable: true }) teilnahmebedingungen: string | null;
  @Column({ type: 'boolean', default: false }) ausgebucht: boolean;
  @Column({ type: 'varchar', length: 500, nullable: true }) link_extern: string | null;
  @Column({ type: 'boolean', default: false }) fachberater: boolean;
  @Column({ type: 'boolean', default: false }) bezirk: boolean;
  @Column({ type: 'integer', nullable: true }) fachberatermarke_id: number | null;
  @Decimal2Column(6, { nullable: false, default: 0 }) fachberater_stunden: number;
  @Decimal2Column(6, { nullable: false, default: 0 }) fortbildungspass_stunden: number;
  @Column({ type: 'boolean', default: false }) freigabe: boolean;
  @Column({ type: 'boolean', default: false }) freigabe_teilnahme_bescheinigung: boolean;
  /** VAT rate in percent (copied from the type); 0 means without VAT. */
  @Decimal2Column(5, { nullable: false, default: 0 }) mwst: number;
  /** Debtor number from the type's debtor circle. */
  @Column({ type: 'integer', nullable: true }) debitor: number | null;
  @Column({ type: 'boolean', default: true }) atr_in_seminaruebersicht: boolean;
  /** Derived from the bookings (billing context); never written through the generic API. */
  @Column({ type: 'integer', default: 0 }) teilnehmer_count: number;
  @JsonColumn() data: Record<string, unknown> | null;
  @CreatedAt() createdAt: Date;
  @UpdatedAt() updatedAt: Date;
  @Version() version: number;

  @ManyToOneVia(() => VeranstaltungTyp, 'veranstaltung_typ_id')
  Veranstaltung_Typ: Relation<VeranstaltungTyp> | null;

  @ManyToOneVia(() => Fachberatermarke, 'fachberatermarke_id')
  Fachberatermarke: Relation<Fachberatermarke> | null;

  @OneToMany(() => VeranstaltungEvent, (e) => e.Veranstaltung)
  Veranstaltung_Events: Relation<VeranstaltungEvent>[];

  @OneToMany(() => VeranstaltungInhalt, (i) => i.Veranstaltung)
  Veranstaltung_Inhalts: Relation<VeranstaltungInhalt>[];

  @ManyToManyVia(() => StornoOption, 'veranstaltung_storno_option', 'veranstaltung_id', 'storno_option_id')
  Storno_Options: Relation<StornoOption>[];
}

/** A content block of a seminar, or a reusable one (isKorpus) without seminar. */
@Entity('veranstaltung_inhalt')
export class VeranstaltungInhalt {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'integer', nullable: true }) veranstaltung_id: number | null;
  @Column({ type: 'boolean', default: false }) isKorpus: boolean;
  @Column({ type: 'varchar', length: 255 }) titel: string;
  @Column({ type: 'text', nullable: true }) einfuehrung: string | null;
  @Column({ type: 'text', nullable: true }) themenuebersicht: string | null;
  @CreatedAt() createdAt: Date;
  @UpdatedAt() updatedAt: Date;
  @Version() version: number;

  @ManyToOneVia(() => Veranstaltung, 'veranstaltung_id')
  Veranstaltung: Relation<Veranstaltung> | null;
}

/**
 * One date of a seminar. `beginn`/`ende` are Berlin wall-clock times 'HH:MM' on `datum`.
 * `data` holds aptis_video_resource, tlms_course_id, rw_feld1, rw_feld2, webinar_url, webinar_titel;
 * `kosten` holds sollbuchung, referenz_preis, referenten, raum, catering, sonstige.
 */
@Entity('veranstaltung_event')
export class VeranstaltungEvent extends Preisstaffel {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'integer' }) veranstaltung_id: number;
  @Column({ type: 'varchar', length: 50, nullable: true }) lg_id: string | null;
  @Column({ type: 'integer', nullable: true }) veranstaltung_inhalt_id: number | null;
  @Column({ type: 'varchar', length: 255, nullable: true }) titel: string | null;
  @Column({ type: 'boolean', default: false }) einzeln_buchbar: boolean;
  @DateOnlyColumn() datum: string | null;
  @Column({ type: 'varchar', length: 5, nullable: true }) beginn: string | null;
  @Column({ type: 'varchar', length: 5, nullable: true }) ende: string | null;
  @Column({ type: 'integer', nullable: true }) veranstaltung_ort_id: number | null;
  @Column({ type: 'text', nullable: true }) sonstiges: string | null;
  @Column({ type: 'integer', nullable: true }) platzzahl: number | null;
  @Column({ type: 'integer', nullable: true }) fachberatermarke_id: number | null;
  @Decimal2Column(6, { nullable: false, default: 0 }) fachberater_stunden: number;
  @Decimal2Column(6, { nullable: false, default: 0 }) fortbildungspass_stunden: number;
  @DateOnlyColumn() anmeldeschluss: string | null;
  @Column({ type: 'boolean', default: false }) ausgebucht: boolean;
  /** Derived from the bookings (billing context); never written through the generic API. */
  @Column({ type: 'integer', default: 0 }) teilnehmer_count: number;
  @JsonColumn() data: Record<string, unknown> | null;
  @JsonColumn() kosten: Record<string, unknown> | null;
  @CreatedAt() createdAt: Date;
  @UpdatedAt() updatedAt: Date;
  @Version() version: number;

  @ManyToOneVia(() => Veranstaltung, 'veranstaltung_id')
  Veranstaltung: Relation<Veranstaltung>;

  @ManyToOneVia(() => VeranstaltungOrt, 'veranstaltung_ort_id')
  Veranstaltung_Ort: Relation<VeranstaltungOrt> | null;

  @ManyToOneVia(() => VeranstaltungInhalt, 'veranstaltung_inhalt_id')
  Veranstaltung_Inhalt: Relation<VeranstaltungInhalt> | null;

  @ManyToOneVia(() => Fachberatermarke, 'fachberatermarke_id')
  Fachberatermarke: Relation<Fachberatermarke> | null;

  @ManyToManyVia(
    () => VeranstaltungReferent,
    'veranstaltung_event_referent',
    'veranstaltung_event_id',
    'veranstaltung_referent_id',
  )
  Veranstaltung_Referents: Relation<VeranstaltungReferent>[];

  @ManyToManyVia(
    () => StornoOption,
    'veranstaltung_event_storno_option',
    'veranstaltung_event_id',
    'storno_option_id',
  )
  Storno_Options: Relation<StornoOption>[];
}
