/** How a Benutzer pays for one category object (spec 002 §3 payment option). */
import { Column, Entity, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { CreatedAt, ManyToOneVia, UpdatedAt, Version } from '../../../platform/database/columns';
import { Benutzer } from '../../../membership/adapters/persistence/benutzer.entity';
import {
  BenutzerAdresse,
  BenutzerKonto,
} from '../../../membership/adapters/persistence/benutzer-kontakt.entity';
import type { BezahlTyp, Kategorie } from '../../domain/kategorie';

@Entity('rw_bezahloption')
export class RwBezahloption {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'integer' }) benutzer_id: number;
  @Column({ type: 'varchar', length: 40 }) category: Kategorie;
  @Column({ type: 'integer', nullable: true }) veranstaltung_id: number | null;
  @Column({ type: 'integer', nullable: true }) wb_abo_id: number | null;
  @Column({ type: 'integer', nullable: true }) wb_bundle_id: number | null;
  @Column({ type: 'integer', nullable: true }) warenkorb_id: number | null;
  @Column({ type: 'varchar', length: 40, nullable: true }) typ: BezahlTyp | null;
  @Column({ type: 'integer', nullable: true }) benutzer_adresse_id: number | null;
  @Column({ type: 'integer', nullable: true }) benutzer_konto_id: number | null;
  /** How refunds are paid. */
  @Column({ type: 'varchar', length: 40, nullable: true }) neg_typ: BezahlTyp | null;
  @Column({ type: 'integer', nullable: true }) neg_benutzer_konto_id: number | null;
  /** The client defaults it to true for association 3 (spec 002 §9). */
  @Column({ type: 'boolean', default: false }) skript_per_post: boolean;
  /** Issue 29: an e-invoice also without firma (domain/e-rechnung.ts). */
  @Column({ type: 'boolean', default: false }) e_rechnung: boolean;
  /** The recipient's Leitweg-ID (public authorities), the e-invoice's buyer reference. */
  @Column({ type: 'varchar', length: 46, nullable: true }) leitweg_id: string | null;
  @CreatedAt() createdAt: Date;
  @UpdatedAt() updatedAt: Date;
  @Version() version: number;

  @ManyToOneVia(() => Benutzer, 'benutzer_id')
  Benutzer: Relation<Benutzer>;

  @ManyToOneVia(() => BenutzerAdresse, 'benutzer_adresse_id')
  Benutzer_Adresse: Relation<BenutzerAdresse> | null;

  @ManyToOneVia(() => BenutzerKonto, 'benutzer_konto_id')
  Benutzer_Konto: Relation<BenutzerKonto> | null;

  @ManyToOneVia(() => BenutzerKonto, 'neg_benutzer_konto_id')
  Neg_Benutzer_Konto: Relation<BenutzerKonto> | null;
}
