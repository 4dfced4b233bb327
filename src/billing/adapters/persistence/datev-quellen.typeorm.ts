/** DatevQuellen on rw_rechnung, rw_zahlung and datev_export (both databases). */
import { Injectable } from '@nestjs/common';
import { And, Between, DataSource, In, IsNull, LessThan, MoreThanOrEqual, Not } from 'typeorm';
import { eurosToCents } from '../../../shared/money';
import {
  DatevQuellen,
  type DatevBereich,
  type DatevExportVermerk,
  type DatevRechnungsquelle,
  type DatevZahlungsquelle,
} from '../../application/ports/datev-quellen';
import type { GespeicherteDatevRechnung } from '../../domain/datev-buchungen';
import { monatsgrenzen, monatsZeitraum } from '../../domain/datev-buchungen';
import { DatevExportEintrag } from './einstellung.entity';
import { RwAbrechnung } from './rw-abrechnung.entity';
import { RwRechnung } from './rw-rechnung.entity';
import { RwZahlung } from './rw-zahlung.entity';

const TAG = 86_400_000;

/** The UTC instants around a month, a day wider each side (the Berlin day differs from UTC). */
function umDenMonat(monat: string): [Date, Date] {
  const { von, bis } = monatsgrenzen(monat);
  return [new Date(Date.parse(`${von}T00:00:00Z`) - TAG), new Date(Date.parse(`${bis}T00:00:00Z`) + 2 * TAG)];
}

const empfaenger = (data: Record<string, unknown> | null) =>
  ((data?.empfaenger as { name?: string | null } | undefined)?.name ?? '') as string;

@Injectable()
export class DatevQuellenTypeorm extends DatevQuellen {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async rechnungen(bereich: DatevBereich): Promise<DatevRechnungsquelle[]> {
    const zeilen = await this.dataSource.getRepository(RwRechnung).find({
      // Only what a posting is made of: a month's invoices, not their archive and other columns.
      select: {
        id: true,
        rechnungs_nr: true,
        category: true,
        betrag: true,
        netto: true,
        mwst: true,
        createdAt: true,
        data: true,
        benutzer_id: true,
      },
      where:
        'monat' in bereich
          ? { createdAt: Between(...umDenMonat(bereich.monat)) }
          : { rw_abrechnung_id: bereich.abrechnungId },
      order: { id: 'ASC' },
    });
    return zeilen.map((r) => ({
      rechnungs_nr: r.rechnungs_nr,
      category: r.category,
      betrag: r.betrag,
      netto: r.netto,
      mwst: r.mwst,
      createdAt: r.createdAt,
      data: r.data as GespeicherteDatevRechnung['data'],
      benutzer_id: r.benutzer_id,
    }));
  }

  async zahlungen(bereich: DatevBereich): Promise<DatevZahlungsquelle[]> {
    const zeilen = await this.dataSource.getRepository(RwZahlung).find({
      where:
        'monat' in bereich
          ? { datum: Between(monatsgrenzen(bereich.monat).von, monatsgrenzen(bereich.monat).bis) }
          : { RW_Rechnung: { rw_abrechnung_id: bereich.abrechnungId }, datum: Not(IsNull()) },
      relations: { RW_Rechnung: true },
      order: { id: 'ASC' },
    });
    return zeilen.map((z) => ({
      rechnungs_nr: z.RW_Rechnung.rechnungs_nr,
      datum: z.datum!,
      betrag: eurosToCents(z.betrag),
      art: z.art,
      benutzer_id: z.RW_Rechnung.benutzer_id,
      name: empfaenger(z.RW_Rechnung.data),
    }));
  }

  async abrechnungVorhanden(id: number): Promise<boolean> {
    return (await this.dataSource.getRepository(RwAbrechnung).count({ where: { id } })) > 0;
  }

  async rechnungenJeMonat(monate: string[]): Promise<Map<string, number>> {
    const repository = this.dataSource.getRepository(RwRechnung);
    const anzahl = new Map<string, number>();
    for (const monat of monate) {
      const { ab, vor } = monatsZeitraum(monat);
      anzahl.set(
        monat,
        await repository.count({ where: { createdAt: And(MoreThanOrEqual(ab), LessThan(vor)) } }),
      );
    }
    return anzahl;
  }

  async exporte(bereich: { monate: string[] } | { abrechnungId: number }): Promise<DatevExportVermerk[]> {
    const zeilen = await this.dataSource.getRepository(DatevExportEintrag).find({
      where: 'monate' in bereich ? { monat: In(bereich.monate) } : { rw_abrechnung_id: bereich.abrechnungId },
      order: { id: 'ASC' },
    });
    return zeilen.map(({ monat, rw_abrechnung_id, buchungen, admin_name, createdAt }) => ({
      monat,
      rw_abrechnung_id,
      buchungen,
      admin_name,
      createdAt,
    }));
  }

  async vermerken(vermerke: Omit<DatevExportVermerk, 'createdAt'>[]): Promise<void> {
    await this.dataSource
      .getRepository(DatevExportEintrag)
      .insert(vermerke.map((v) => ({ ...v, art: 'buchungsstapel' })));
  }
}
