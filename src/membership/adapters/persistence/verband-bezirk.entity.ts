import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** Spec 000 §3: shown as 'number - name'. */
@Entity('verband_bezirk')
export class VerbandBezirk {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'integer' }) bezirk_nummer: number;
  @Column({ type: 'varchar', length: 255 }) bezirk_name: string;
}
