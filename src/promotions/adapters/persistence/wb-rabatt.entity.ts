/** Discounts and vouchers (spec 002 §3 and §9, spec 003 §3 and §4). */
import { Column, Entity, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Angebot } from './angebot';
import {
  CreatedAt,
  DateOnlyColumn,
  ManyToManyVia,
  MoneyColumn,
  UpdatedAt,
  Version,
} from '../../../platform/database/columns';
import { BenutzerGruppe } from '../../../membership/adapters/persistence/benutzer-gruppe.entity';
import { Veranstaltung } from '../../../seminars/adapters/persistence/veranstaltung.entity';
import { VeranstaltungTyp } from '../../../seminars/adapters/persistence/veranstaltung-lookups.entity';

/** full: fixed price in €; percent: in %; reduction: fixed reduction in €. */
export const RABATT_TYPEN = ['full', 'percent', 'reduction'] as const;
export const SEMINAR_AUSWAHL_TYPEN = ['alle', 'einzelne', 'typen'] as const;

/**
 * A discount. Validity is `immer`, a period (gueltigVon/gueltigBis) or relative to the seminar
 * (gueltigSeminarbezogen with days before it); defaults of spec 002 §9.
 */
@Entity('wb_rabatt')
export class WbRabatt extends Angebot {
  @Column({ type: 'boolean', default: true }) aktiv: boolean;
  @Column({ type: 'varchar', length: 40, default: 'full' }) typ: (typeof RABATT_TYPEN)[number];
  /** Euros for full and reduction, percent for percent. */
  @MoneyColumn({ nullable: false, default: 0 }) wert: number;
  @MoneyColumn({ nullable: true }) minPreis: number | null;
  /** 0 means unlimited. */
  @Column({ type: 'integer', default: 0 }) maxTeilnehmerBuchungen: number;
  /** 0 means unlimited. */
  @Column({ type: 'integer', default: 0 }) maxSeminarBuchungen: number;
  /** Every n-th booking is discounted; 0 means every booking. */
  @Column({ type: 'integer', default: 0 }) jederXte: number;
  @DateOnlyColumn() gueltigVon: string | null;
  @DateOnlyColumn() gueltigBis: string | null;
  @Column({ type: 'boolean', default: false }) gueltigSeminarbezogen: boolean;
  @Column({ type: 'integer', default: 90 }) gueltigVonTageVorSeminar: number;
  @Column({ type: 'integer', default: 20 }) gueltigBisTageVorSeminar: number;
  @Column({ type: 'varchar', length: 40, default: 'alle' })
  seminarAuswahlTyp: (typeof SEMINAR_AUSWAHL_TYPEN)[number];
  @DateOnlyColumn() seminareVon: string | null;
  @DateOnlyColumn() seminareBis: string | null;

  @ManyToManyVia(() => Veranstaltung, 'wb_rabatt_veranstaltung', 'wb_rabatt_id', 'veranstaltung_id')
  Veranstaltungs: Relation<Veranstaltung>[];

  @ManyToManyVia(
    () => VeranstaltungTyp,
    'wb_rabatt_veranstaltung_typ',
    'wb_rabatt_id',
    'veranstaltung_typ_id',
  )
  Veranstaltung_Typs: Relation<VeranstaltungTyp>[];

  @ManyToManyVia(() => BenutzerGruppe, 'wb_rabatt_benutzer_gruppe', 'wb_rabatt_id', 'benutzer_gruppe_id')
  Benutzer_Gruppes: Relation<BenutzerGruppe>[];
}

/**
 * A voucher with a 10-character code (stored upper case). `relation`/`relation_id` restrict it to
 * one seminar ('Veranstaltung'); without a relation it applies everywhere.
 */
@Entity('wb_voucher')
export class WbVoucher {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'varchar', length: 10 }) code: string;
  @Column({ type: 'varchar', length: 255, nullable: true }) titel: string | null;
  @Column({ type: 'varchar', length: 40, nullable: true }) relation: string | null;
  @Column({ type: 'integer', nullable: true }) relation_id: number | null;
  @Column({ type: 'varchar', length: 40, default: 'full' }) typ: (typeof RABATT_TYPEN)[number];
  @MoneyColumn({ nullable: false, default: 0 }) wert: number;
  @Column({ type: 'boolean', default: true }) valid: boolean;
  /** The booking holding the used voucher: the first version of its chain (domain/gutschein.ts). */
  @Column({ type: 'integer', nullable: true }) rw_transaction_id: number | null;
  @CreatedAt() createdAt: Date;
  @UpdatedAt() updatedAt: Date;
  @Version() version: number;
}
