/** The association's own data as issuer of its invoices (issue 28): one row, no generic resource. */
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt, JsonColumn, UpdatedAt } from '../../../platform/database/columns';

@Entity('verbandsdaten')
export class VerbandsdatenZeile {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'varchar', length: 140 }) name: string;
  @Column({ type: 'varchar', length: 140 }) strasse: string;
  @Column({ type: 'varchar', length: 10 }) plz: string;
  @Column({ type: 'varchar', length: 70 }) ort: string;
  @Column({ type: 'varchar', length: 20, nullable: true }) steuernummer: string | null;
  @Column({ type: 'varchar', length: 20, nullable: true }) ust_idnr: string | null;
  @Column({ type: 'varchar', length: 34 }) iban: string;
  @Column({ type: 'varchar', length: 11, nullable: true }) bic: string | null;
  @Column({ type: 'varchar', length: 140, nullable: true }) bank: string | null;
  @Column({ type: 'varchar', length: 35, nullable: true }) glaeubiger_id: string | null;
  @Column({ type: 'varchar', length: 140, nullable: true }) kontakt_name: string | null;
  @Column({ type: 'varchar', length: 40, nullable: true }) kontakt_telefon: string | null;
  @Column({ type: 'varchar', length: 140, nullable: true }) kontakt_email: string | null;
  @JsonColumn({ nullable: false }) befreiungsgruende: Record<string, string>;
  @CreatedAt() createdAt: Date;
  @UpdatedAt() updatedAt: Date;
}
