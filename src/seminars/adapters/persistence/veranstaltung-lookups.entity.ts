/** The lookups of the seminar side (spec 001 §3, spec 002 §3, spec 003 §3): types, speakers, rooms, prices, storno. */
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import {
  CreatedAt,
  Decimal2Column,
  MoneyColumn,
  UpdatedAt,
  Version,
} from '../../../platform/database/columns';

/**
 * A seminar type. rw_vorlage_id, rw_debitor_kreis_id and verband_website_id point at tables of the
 * billing and newsletter contexts; their migrations add the foreign keys.
 */
@Entity('veranstaltung_typ')
export class VeranstaltungTyp {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'varchar', length: 255 }) bezeichnung: string;
  @Column({ type: 'varchar', length: 100, nullable: true }) kategorie: string | null;
  @Column({ type: 'text', nullable: true }) beschreibung: string | null;
  @Column({ type: 'integer', nullable: true }) verband_website_id: number | null;
  @Column({ type: 'varchar', length: 500, nullable: true }) url: string | null;
  @Column({ type: 'varchar', length: 255, nullable: true }) urlmenue: string | null;
  @Column({ type: 'boolean', default: false }) ringseminar: boolean;
  @Column({ type: 'boolean', default: false }) multitermin: boolean;
  /** VAT rate in percent copied into new seminars; 0 means without VAT. */
  @Decimal2Column(5, { nullable: false, default: 19 }) mwst: number;
  @Column({ type: 'integer', nullable: true }) rw_vorlage_id: number | null;
  @Column({ type: 'integer', nullable: true }) rw_debitor_kreis_id: number | null;
  @CreatedAt() createdAt: Date;
  @UpdatedAt() updatedAt: Date;
  @Version() version: number;
}

@Entity('veranstaltung_referent')
export class VeranstaltungReferent {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'varchar', length: 50, nullable: true }) kennnummer: string | null;
  @Column({ type: 'varchar', length: 50, nullable: true }) titel: string | null;
  @Column({ type: 'varchar', length: 255, nullable: true }) berufsbezeichnung: string | null;
  @Column({ type: 'varchar', length: 100, nullable: true }) vorname: string | null;
  @Column({ type: 'varchar', length: 100 }) nachname: string;
  @Column({ type: 'varchar', length: 255, nullable: true }) arbeitsstaette: string | null;
  @Column({ type: 'varchar', length: 255, nullable: true }) anrede_name: string | null;
  @CreatedAt() createdAt: Date;
  @UpdatedAt() updatedAt: Date;
  @Version() version: number;
}

/** A room (spec 002 §3): where events take place. */
@Entity('veranstaltung_ort')
export class VeranstaltungOrt {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'varchar', length: 50, nullable: true }) raum_id: string | null;
  @Column({ type: 'varchar', length: 255 }) bezeichnung: string;
  @Column({ type: 'varchar', length: 255, nullable: true }) strasse: string | null;
  @Column({ type: 'varchar', length: 20, nullable: true }) plz: string | null;
  @Column({ type: 'varchar', length: 255, nullable: true }) ort: string | null;
  @CreatedAt() createdAt: Date;
  @UpdatedAt() updatedAt: Date;
  @Version() version: number;
}

@Entity('preisbezeichnung')
export class Preisbezeichnung {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'varchar', length: 255 }) titel: string;
}

/** A cancellation tier: up to `hours_to` hours before the start, `betrag` is charged (spec 003 §3). */
@Entity('storno_option')
export class StornoOption {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'varchar', length: 255 }) titel: string;
  @MoneyColumn({ nullable: false, default: 0 }) betrag: number;
  @Column({ type: 'integer', nullable: true }) hours_to: number | null;
  @Column({ type: 'varchar', length: 255, nullable: true }) titel_rechnung: string | null;
}

/** An expert mark (Fachberater) that seminars count hours towards. */
@Entity('fachberatermarke')
export class Fachberatermarke {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'varchar', length: 255 }) bezeichnung: string;
  @Column({ type: 'varchar', length: 50, nullable: true }) kennzeichen: string | null;
}
