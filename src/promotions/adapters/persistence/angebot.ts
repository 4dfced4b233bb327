import { Column, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt, UpdatedAt, Version } from '../../../platform/database/columns';

export const BENUTZER_AUSWAHL_TYPEN = ['alle', 'gruppen'] as const;

/**
 * What Rabatt, Abo and Bundle share (spec 003 §3: "the title variants as for the Abo"): the
 * internal title and its web, cart and invoice variants, texts, and whom the offer is for.
 */
export abstract class Angebot {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'varchar', length: 255 }) titel: string;
  @Column({ type: 'varchar', length: 255, nullable: true }) titel_frontend: string | null;
  @Column({ type: 'varchar', length: 255, nullable: true }) titel_warenkorb: string | null;
  @Column({ type: 'varchar', length: 255, nullable: true }) titel_rechnung: string | null;
  @Column({ type: 'text', nullable: true }) beschreibung: string | null;
  @Column({ type: 'text', nullable: true }) teilnahmebedingungen: string | null;
  @Column({ type: 'varchar', length: 40, default: 'alle' })
  benutzerAuswahlTyp: (typeof BENUTZER_AUSWAHL_TYPEN)[number];
  @CreatedAt() createdAt: Date;
  @UpdatedAt() updatedAt: Date;
  @Version() version: number;
}
