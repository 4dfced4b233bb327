/**
 * Billing's part of a Datenauskunft (issue 34): bookings (every version, as payer or participant),
 * payment options, invoices with their archived PDFs, payments of those invoices. Its part of an
 * erasure on request: refused while a booking is open or an invoice unpaid; invoices, their bookings,
 * payments and payment options are kept (§ 147 AO, § 14b UStG) with the day their retention ends.
 */
import { Injectable, OnModuleInit } from '@nestjs/common';
import { DataSource, In, IsNull } from 'typeorm';
import { berlinDatum } from '../../../../common/kalender';
import { AKTUELLER_VORGANG } from '../../../../common/vorgang';
import { managerVon, type Transaktion } from '../../../platform/database/transaktion';
import { Personendaten, type Anlage, type Beitrag } from '../../../platform/datenschutz/personendaten';
import { Rechnungsarchiv } from '../../application/ports/rechnungsarchiv';
import { aufbewahrenBis } from '../../domain/aufbewahrung';
import { RwBezahloption } from './rw-bezahloption.entity';
import { RwRechnung } from './rw-rechnung.entity';
import { RwTransaction } from './rw-transaction.entity';
import { RwZahlung } from './rw-zahlung.entity';

const zeile = (e: object): Record<string, unknown> => ({ ...e });

@Injectable()
export class AbrechnungPersonendaten implements OnModuleInit {
  constructor(
    private readonly dataSource: DataSource,
    private readonly personendaten: Personendaten,
    private readonly archiv: Rechnungsarchiv,
  ) {}

  onModuleInit(): void {
    this.personendaten.beitragen('billing', (id) => this.beitrag(id));
    this.personendaten.loeschbar('billing', {
      hindernis: (id) => this.hindernis(id),
      loeschen: (id, tx) => this.behalten(id, tx),
    });
  }

  private async hindernis(benutzerId: number): Promise<string | null> {
    const m = this.dataSource.manager;
    const offen = await m.count(RwTransaction, {
      where: {
        child_id: IsNull(),
        storno: AKTUELLER_VORGANG.storno,
        benutzer_id: benutzerId,
        rw_rechnung_id: IsNull(),
      },
    });
    const unbezahlt = await m.count(RwRechnung, {
      where: {
        benutzer_id: benutzerId,
        zahlstatus: In(['offen', 'teilweise_bezahlt', 'zurueckgebucht']),
        storno_id: IsNull(),
        storno_parent_id: IsNull(),
      },
    });
    const gruende = [
      offen > 0 ? `${offen} noch nicht abgerechnete Buchung${offen === 1 ? '' : 'en'}` : null,
      unbezahlt > 0 ? `${unbezahlt} unbezahlte Rechnung${unbezahlt === 1 ? '' : 'en'}` : null,
    ].filter((g): g is string => g !== null);
    return gruende.length ? gruende.join(' und ') : null;
  }

  /** Keeps invoices, bookings, payments and payment options; each invoice learns when it may go. */
  private async behalten(benutzerId: number, tx: Transaktion) {
    const m = managerVon(tx);
    const rechnungen = await m.find(RwRechnung, {
      where: { benutzer_id: benutzerId },
      select: { id: true, createdAt: true, storno_benutzer_konto_id: true },
    });
    for (const r of rechnungen)
      await m.update(RwRechnung, r.id, { aufbewahren_bis: aufbewahrenBis(berlinDatum(r.createdAt)) });
    const optionen = await m.find(RwBezahloption, { where: { benutzer_id: benutzerId } });
    return {
      adressen: optionen.flatMap((o) => (o.benutzer_adresse_id ? [o.benutzer_adresse_id] : [])),
      konten: [
        ...optionen.flatMap((o) => [o.benutzer_konto_id, o.neg_benutzer_konto_id]),
        ...rechnungen.map((r) => r.storno_benutzer_konto_id),
      ].filter((k): k is number => k != null),
      dokumente: rechnungen.length,
    };
  }

  private async beitrag(benutzerId: number): Promise<Beitrag> {
    const m = this.dataSource.manager;
    const [buchungen, bezahloptionen, rechnungen] = await Promise.all([
      m.find(RwTransaction, {
        where: [{ benutzer_id: benutzerId }, { teilnehmer_id: benutzerId }],
        order: { id: 'ASC' },
      }),
      m.find(RwBezahloption, { where: { benutzer_id: benutzerId }, order: { id: 'ASC' } }),
      m.find(RwRechnung, { where: { benutzer_id: benutzerId }, order: { id: 'ASC' } }),
    ]);
    const zahlungen = rechnungen.length
      ? await m.find(RwZahlung, {
          where: { rw_rechnung_id: In(rechnungen.map((r) => r.id)) },
          order: { id: 'ASC' },
        })
      : [];
    const anlagen: Anlage[] = [];
    for (const r of rechnungen) {
      const pdf = r.original_datei ? await this.archiv.lesen(r.original_datei) : null;
      if (pdf)
        anlagen.push({ name: `rechnungen/${r.rechnungs_nr.replace(/[^\w.-]+/g, '_')}.pdf`, inhalt: pdf });
    }
    return {
      bestaende: [
        { datei: 'buchungen', titel: 'Buchungen und Teilnahmen', zeilen: buchungen.map(zeile) },
        { datei: 'zahlungswege', titel: 'Zahlungswege', zeilen: bezahloptionen.map(zeile) },
        { datei: 'rechnungen', titel: 'Rechnungen', zeilen: rechnungen.map(zeile) },
        { datei: 'zahlungen', titel: 'Zahlungen', zeilen: zahlungen.map(zeile) },
      ],
      anlagen,
    };
  }
}
