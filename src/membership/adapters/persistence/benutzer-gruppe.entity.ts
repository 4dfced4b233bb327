/** Spec 001 §3: user groups and their two link tables. */
import { Column, Entity, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import {
  CreatedAt,
  DateOnlyColumn,
  JsonColumn,
  ManyToOneVia,
  UpdatedAt,
} from '../../../platform/database/columns';
import { Benutzer } from './benutzer.entity';
import { BenutzerEmail } from './benutzer-kontakt.entity';

export const GRUPPEN_TYPEN = ['Teilnehmer', 'NWG', 'Intern', 'Datev', 'Auto', 'Bezirk'] as const;
export const ZUORDNUNGEN = ['alle', 'benutzer', 'email'] as const;

@Entity('benutzer_gruppe')
export class BenutzerGruppe {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'varchar', length: 255 }) name: string;
  @Column({ type: 'text', nullable: true }) beschreibung: string | null;
  @Column({ type: 'varchar', length: 40 }) typ: (typeof GRUPPEN_TYPEN)[number];
  @Column({ type: 'varchar', length: 20, default: 'alle' }) zuordnung: (typeof ZUORDNUNGEN)[number];
  @Column({ type: 'boolean', default: false }) newsletter: boolean;
  @Column({ type: 'boolean', default: true }) verbandsintern: boolean;
  @Column({ type: 'varchar', length: 100, nullable: true }) code: string | null;
  @Column({ type: 'integer', nullable: true }) veranstaltung_id: number | null;
  @Column({ type: 'integer', nullable: true }) veranstaltung_event_id: number | null;
  @DateOnlyColumn() gueltig_bis: string | null;
  @JsonColumn() auto_berufsbezeichnungen: string[] | null;
  @Column({ type: 'integer', nullable: true }) verband_bezirk_id: number | null;
  @Column({ type: 'varchar', length: 255, nullable: true }) nwg_thema: string | null;
  @Column({ type: 'varchar', length: 255, nullable: true }) bn_funktion: string | null;
  @Column({ type: 'varchar', length: 255, nullable: true }) bn_zuordnung: string | null;
  @JsonColumn() data: Record<string, unknown> | null;
  @CreatedAt() createdAt: Date;
  @UpdatedAt() updatedAt: Date;
}

@Entity('benutzer_benutzer_gruppe')
export class BenutzerBenutzerGruppe {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'integer' }) benutzer_gruppe_id: number;
  @Column({ type: 'integer' }) benutzer_id: number;
  @CreatedAt() createdAt: Date;

  @ManyToOneVia(() => BenutzerGruppe, 'benutzer_gruppe_id')
  Benutzer_Gruppe: Relation<BenutzerGruppe>;

  @ManyToOneVia(() => Benutzer, 'benutzer_id')
  Benutzer: Relation<Benutzer>;
}

@Entity('benutzer_email_gruppe')
export class BenutzerEmailGruppe {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'integer' }) benutzer_gruppe_id: number;
  @Column({ type: 'integer' }) benutzer_email_id: number;
  @CreatedAt() createdAt: Date;

  @ManyToOneVia(() => BenutzerGruppe, 'benutzer_gruppe_id')
  Benutzer_Gruppe: Relation<BenutzerGruppe>;

  @ManyToOneVia(() => BenutzerEmail, 'benutzer_email_id')
  Benutzer_Email: Relation<BenutzerEmail>;
}
