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
import { BenutzerAdresse, BenutzerEmail, BenutzerKonto } from './benutzer-kontakt.entity';
import { BenutzerGruppe } from './benutzer-gruppe.entity';
import { VerbandBezirk } from './verband-bezirk.entity';

/** Spec 000 §3. `data` holds gehaltsumfrage_link, gehaltsumfrage_passwort, tlms_user_id, seminar_teilnahmen. */
@Entity('benutzer')
export class Benutzer {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'integer', nullable: true }) parent_id: number | null;
  @Column({ type: 'varchar', length: 50, nullable: true }) kennnummer: string | null;
  @Column({ type: 'varchar', length: 100, nullable: true }) vorname: string | null;
  @Column({ type: 'varchar', length: 100, nullable: true }) nachname: string | null;
  @Column({ type: 'varchar', length: 255, nullable: true }) firma: string | null;
  @Column({ type: 'varchar', length: 10, nullable: true }) gender: 'male' | 'female' | null;
  @Column({ type: 'varchar', length: 50, nullable: true }) titel: string | null;
  @Column({ type: 'varchar', length: 255, nullable: true }) anrede: string | null;
  @Column({ type: 'varchar', length: 100, nullable: true }) akad_grad: string | null;
  @Column({ type: 'varchar', length: 100, nullable: true }) berufsbezeichnung: string | null;
  @DateOnlyColumn() stb_datum: string | null;
  @Column({ type: 'varchar', length: 50, nullable: true }) tel1: string | null;
  @Column({ type: 'varchar', length: 50, nullable: true }) tel2: string | null;
  @Column({ type: 'varchar', length: 100, nullable: true }) benutzername: string | null;
  /** A scrypt hash; never leaves the server (hidden in the resource definition). */
  @Column({ type: 'varchar', length: 255, nullable: true }) password: string | null;
  @Column({ type: 'boolean', default: true }) aktiviert: boolean;
  @Column({ type: 'integer', nullable: true }) primaeremail_id: number | null;
  @Column({ type: 'integer', nullable: true }) re_email_id: number | null;
  @Column({ type: 'integer', nullable: true }) re_adresse_id: number | null;
  @Column({ type: 'integer', nullable: true }) re_konto_id: number | null;
  @Column({ type: 'integer', nullable: true }) mi_adresse_id: number | null;
  @Column({ type: 'integer', nullable: true }) mi_konto_id: number | null;
  @Column({ type: 'integer', nullable: true }) verband_bezirk_id: number | null;
  @DateOnlyColumn() kuendigung_datum: string | null;
  /** Issue 34: erased on request that day; what is left is kept for the invoices only. */
  @DateOnlyColumn() geloescht_am: string | null;
  @Column({ type: 'boolean', default: false }) freigabe: boolean;
  @Column({ type: 'boolean', default: false }) atr_referent: boolean;
  @Column({ type: 'boolean', default: false }) atr_mitglied: boolean;
  @Column({ type: 'boolean', default: false }) atr_verband_mitarbeiter: boolean;
  /** Issue 17: may manage staff accounts (make staff, rename, set their passwords). */
  @Column({ type: 'boolean', default: false }) atr_verband_admin: boolean;
  @Column({ type: 'boolean', default: false }) atr_kein_newsletter: boolean;
  @JsonColumn() data: Record<string, unknown> | null;
  @Column({ type: 'varchar', length: 255, nullable: true }) anzeigename: string | null;
  @Column({ type: 'varchar', length: 255, nullable: true }) ansprache: string | null;
  @Column({ type: 'varchar', length: 255, nullable: true }) sortname: string | null;
  @Column({ type: 'integer', nullable: true }) verband: number | null;
  /** The member's Personenkonto in DATEV (issue 29): unique, matched by the DATEV master-data import. */
  @Column({ type: 'integer', nullable: true }) debitor_nr: number | null;
  @CreatedAt() createdAt: Date;
  @UpdatedAt() updatedAt: Date;
  @Version() version: number;

  @ManyToOneVia(() => Benutzer, 'parent_id')
  Parent: Relation<Benutzer> | null;

  @OneToMany(() => Benutzer, (b) => b.Parent) Mitarbeiter: Relation<Benutzer>[];

  @OneToMany(() => BenutzerEmail, (e) => e.Benutzer) Benutzer_Emails: Relation<BenutzerEmail>[];
  @OneToMany(() => BenutzerAdresse, (a) => a.Benutzer) Benutzer_Adresses: Relation<BenutzerAdresse>[];
  @OneToMany(() => BenutzerKonto, (k) => k.Benutzer) Benutzer_Kontos: Relation<BenutzerKonto>[];

  @ManyToOneVia(() => BenutzerEmail, 'primaeremail_id')
  Primaeremail: Relation<BenutzerEmail> | null;

  @ManyToOneVia(() => BenutzerEmail, 're_email_id')
  Re_Email: Relation<BenutzerEmail> | null;

  @ManyToOneVia(() => BenutzerAdresse, 're_adresse_id')
  Re_Adresse: Relation<BenutzerAdresse> | null;

  @ManyToOneVia(() => BenutzerKonto, 're_konto_id')
  Re_Konto: Relation<BenutzerKonto> | null;

  @ManyToOneVia(() => BenutzerAdresse, 'mi_adresse_id')
  Mi_Adresse: Relation<BenutzerAdresse> | null;

  @ManyToOneVia(() => BenutzerKonto, 'mi_konto_id')
  Mi_Konto: Relation<BenutzerKonto> | null;

  @ManyToOneVia(() => VerbandBezirk, 'verband_bezirk_id')
  Verband_Bezirk: Relation<VerbandBezirk> | null;

  @ManyToManyVia(() => BenutzerGruppe, 'benutzer_benutzer_gruppe', 'benutzer_id', 'benutzer_gruppe_id')
  Benutzer_Gruppes: Relation<BenutzerGruppe>[];
}
