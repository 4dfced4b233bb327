/** Bundles, products and shopping carts (spec 003 §3, §4, §9). */
import { Column, Entity, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Angebot } from './angebot';
import {
  CreatedAt,
  DateTimeColumn,
  Decimal2Column,
  JsonColumn,
  ManyToManyVia,
  ManyToOneVia,
  MoneyColumn,
  UpdatedAt,
  Version,
} from '../../../platform/database/columns';
import { Benutzer } from '../../../membership/adapters/persistence/benutzer.entity';
import { BenutzerGruppe } from '../../../membership/adapters/persistence/benutzer-gruppe.entity';
import { VeranstaltungEvent } from '../../../seminars/adapters/persistence/veranstaltung.entity';

/** Several events sold together at one price; rw_vorlage_id points at the billing context. */
@Entity('wb_bundle')
export class WbBundle extends Angebot {
  @Column({ type: 'integer', nullable: true }) rw_vorlage_id: number | null;
  @MoneyColumn({ nullable: false, default: 500 }) preis: number;
  /** The price is net (VAT is added) rather than gross. */
  @Column({ type: 'boolean', default: false }) is_netto: boolean;
  /** VAT rate in percent. */
  @Decimal2Column(5) mwst: number | null;

  @ManyToManyVia(
    () => VeranstaltungEvent,
    'wb_bundle_veranstaltung_event',
    'wb_bundle_id',
    'veranstaltung_event_id',
  )
  Veranstaltung_Events: Relation<VeranstaltungEvent>[];

  @ManyToManyVia(() => BenutzerGruppe, 'wb_bundle_benutzer_gruppe', 'wb_bundle_id', 'benutzer_gruppe_id')
  Benutzer_Gruppes: Relation<BenutzerGruppe>[];
}

/** The VAT rates a product is sold at (percent, as stored): standard, reduced (books), exempt. */
export const PRODUKT_MWST_SAETZE = ['19', '7', '0'] as const;

/** Sold on its own; its title variants and invoice template as for a bundle (issue 12). */
@Entity('produkt')
export class Produkt {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'varchar', length: 255 }) titel: string;
  @Column({ type: 'varchar', length: 255, nullable: true }) titel_frontend: string | null;
  @Column({ type: 'varchar', length: 255, nullable: true }) titel_warenkorb: string | null;
  @Column({ type: 'varchar', length: 255, nullable: true }) titel_rechnung: string | null;
  @Column({ type: 'text', nullable: true }) beschreibung: string | null;
  @Column({ type: 'integer', nullable: true }) rw_vorlage_id: number | null;
  @MoneyColumn({ nullable: false, default: 20 }) preis: number;
  /** VAT rate in percent, one of PRODUKT_MWST_SAETZE (issue 28: a book is invoiced at 7 %). */
  @Column({ type: 'varchar', length: 40, default: '19' }) mwst: (typeof PRODUKT_MWST_SAETZE)[number];
  @Column({ type: 'boolean', default: true }) aktiv: boolean;
  @CreatedAt() createdAt: Date;
  @UpdatedAt() updatedAt: Date;
  @Version() version: number;
}

/** How far a cart got: still open, bought, or given up (the values the shop and the seeds write). */
export const WARENKORB_STATUS = ['offen', 'gekauft', 'abgebrochen'] as const;

/**
 * A member's shopping cart; `data` holds its positions. Once bought (`gekauftAm`) it is part of the
 * booking history and cannot be deleted.
 */
@Entity('warenkorb')
export class Warenkorb {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'integer' }) benutzer_id: number;
  @DateTimeColumn() gekauftAm: Date | null;
  @JsonColumn() data: Record<string, unknown> | null;
  @Column({ type: 'varchar', length: 40, nullable: true }) status: (typeof WARENKORB_STATUS)[number] | null;
  @CreatedAt() createdAt: Date;
  @UpdatedAt() updatedAt: Date;
  @Version() version: number;

  @ManyToOneVia(() => Benutzer, 'benutzer_id')
  Benutzer: Relation<Benutzer>;
}
