/** Spec 001 §3: user groups and their two link tables. */
import { Column, Entity, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import {
  CreatedAt,
  DateOnlyColumn,
  JsonColumn,
  ManyToOneVia,
  UpdatedAt,
  Version,
} from '../../../platform/database/columns';
import {
  Veranstaltung,
  VeranstaltungEvent,
} from '../../../seminars/adapters/persistence/veranstaltung.entity';
import type { GruppenDaten, GruppenTyp, Zuordnung } from '../../../../common/gruppen';
import { Benutzer } from './benutzer.entity';
import { BenutzerEmail } from './benutzer-kontakt.entity';
import { VerbandBezirk } from './verband-bezirk.entity';

@Entity('benutzer_gruppe')
export class BenutzerGruppe {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'varchar', length: 255 }) name: string;
  @Column({ type: 'text', nullable: true }) beschreibung: string | null;
  @Column({ type: 'varchar', length: 40 }) typ: GruppenTyp;
  @Column({ type: 'varchar', length: 20, default: 'alle' }) zuordnung: Zuordnung;
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
  @JsonColumn() data: GruppenDaten | null;
  @CreatedAt() createdAt: Date;
  @UpdatedAt() updatedAt: Date;
  @Version() version: number;

  /** Participant groups belong to a seminar or one of its events (spec 001 §4). */
  @ManyToOneVia(() => Veranstaltung, 'veranstaltung_id')
  Veranstaltung: Relation<Veranstaltung> | null;

  @ManyToOneVia(() => VeranstaltungEvent, 'veranstaltung_event_id')
  Veranstaltung_Event: Relation<VeranstaltungEvent> | null;

  /** The district of the rule auto_bezirk. */
  @ManyToOneVia(() => VerbandBezirk, 'verband_bezirk_id')
  Verband_Bezirk: Relation<VerbandBezirk> | null;
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
