/** The contact records of a Benutzer (spec 000 §3): e-mails, addresses, bank accounts. */
import { Column, Entity, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import {
  CreatedAt,
  DateOnlyColumn,
  JsonColumn,
  ManyToManyVia,
  ManyToOneVia,
  UpdatedAt,
  Version,
} from '../../../platform/database/columns';
import { Benutzer } from './benutzer.entity';
import { BenutzerGruppe } from './benutzer-gruppe.entity';

@Entity('benutzer_email')
export class BenutzerEmail {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'integer' }) benutzer_id: number;
  @Column({ type: 'varchar', length: 255 }) email: string;
  @CreatedAt() createdAt: Date;
  @UpdatedAt() updatedAt: Date;
  @Version() version: number;

  @ManyToOneVia(() => Benutzer, 'benutzer_id')
  Benutzer: Relation<Benutzer>;

  @ManyToManyVia(() => BenutzerGruppe, 'benutzer_email_gruppe', 'benutzer_email_id', 'benutzer_gruppe_id')
  Benutzer_Gruppes: Relation<BenutzerGruppe>[];
}

@Entity('benutzer_adresse')
export class BenutzerAdresse {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'integer' }) benutzer_id: number;
  @Column({ type: 'varchar', length: 255, nullable: true }) bezeichnung: string | null;
  @Column({ type: 'varchar', length: 255, nullable: true }) zeile1: string | null;
  @Column({ type: 'varchar', length: 255, nullable: true }) zeile2: string | null;
  @Column({ type: 'varchar', length: 255, nullable: true }) zeile3: string | null;
  @Column({ type: 'varchar', length: 255, nullable: true }) zeile4: string | null;
  @Column({ type: 'varchar', length: 255, nullable: true }) zeile5: string | null;
  @Column({ type: 'varchar', length: 255, nullable: true }) zeile6: string | null;
  @Column({ type: 'varchar', length: 255, nullable: true }) strasse: string | null;
  @Column({ type: 'varchar', length: 20, nullable: true }) plz: string | null;
  @Column({ type: 'varchar', length: 255, nullable: true }) ort: string | null;
  /** The normalised address lines, as a list. */
  @JsonColumn() norm: string[] | null;
  @Column({ type: 'boolean', default: false }) intern: boolean;
  @Column({ type: 'boolean', default: false }) deaktiv: boolean;
  @CreatedAt() createdAt: Date;
  @UpdatedAt() updatedAt: Date;
  @Version() version: number;

  @ManyToOneVia(() => Benutzer, 'benutzer_id')
  Benutzer: Relation<Benutzer>;
}

@Entity('benutzer_konto')
export class BenutzerKonto {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'integer' }) benutzer_id: number;
  @Column({ type: 'varchar', length: 255, nullable: true }) bezeichnung: string | null;
  @Column({ type: 'varchar', length: 255, nullable: true }) inhaber: string | null;
  @Column({ type: 'varchar', length: 34, nullable: true }) iban: string | null;
  @Column({ type: 'varchar', length: 11, nullable: true }) bic: string | null;
  @Column({ type: 'varchar', length: 255, nullable: true }) bank: string | null;
  @Column({ type: 'varchar', length: 35, nullable: true }) sepa_referenz: string | null;
  @DateOnlyColumn() sepa_datum: string | null;
  @Column({ type: 'boolean', default: false }) deaktiv: boolean;
  @CreatedAt() createdAt: Date;
  @UpdatedAt() updatedAt: Date;
  @Version() version: number;

  @ManyToOneVia(() => Benutzer, 'benutzer_id')
  Benutzer: Relation<Benutzer>;
}
