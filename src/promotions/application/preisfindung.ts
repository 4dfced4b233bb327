/**
 * What a booking costs after discounts and a voucher: the promotions context's public service
 * (exported by PromotionsModule) that billing's bookings call. It loads the discounts and vouchers
 * and leaves the arithmetic to the pure rules in domain/.
 */
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { codeNormalisieren } from '../../../common/gutschein';
import type { RabattTyp } from '../../../common/rabatt';
import { eurosToCents } from '../../shared/money';
import { WbRabatt, WbVoucher } from '../adapters/persistence/wb-rabatt.entity';
import { gutscheinAnwenden, type GutscheinWirkung } from '../domain/gutschein';
import {
  rabatteBerechnen,
  type RabattBuchung,
  type RabattErgebnis,
  type RabattRegel,
} from '../domain/rabatt-berechnung';

/** Amounts in euros are stored as they are typed; the rules count in cents. */
const betrag = (typ: RabattTyp, wert: number) =>
  typ === 'percent' ? Number(wert) : eurosToCents(Number(wert));

export function alsRegel(rabatt: WbRabatt): RabattRegel {
  return {
    id: rabatt.id,
    titel: rabatt.titel_rechnung || rabatt.titel,
    aktiv: rabatt.aktiv,
    typ: rabatt.typ,
    wert: betrag(rabatt.typ, rabatt.wert),
    minPreis: rabatt.minPreis === null ? null : eurosToCents(Number(rabatt.minPreis)),
    maxTeilnehmerBuchungen: rabatt.maxTeilnehmerBuchungen,
    maxSeminarBuchungen: rabatt.maxSeminarBuchungen,
    jederXte: rabatt.jederXte,
    gueltigVon: rabatt.gueltigVon,
    gueltigBis: rabatt.gueltigBis,
    gueltigSeminarbezogen: rabatt.gueltigSeminarbezogen,
    gueltigVonTageVorSeminar: rabatt.gueltigVonTageVorSeminar,
    gueltigBisTageVorSeminar: rabatt.gueltigBisTageVorSeminar,
    seminarAuswahlTyp: rabatt.seminarAuswahlTyp,
    seminareVon: rabatt.seminareVon,
    seminareBis: rabatt.seminareBis,
    seminarIds: (rabatt.Veranstaltungs ?? []).map((s) => s.id),
    seminarTypIds: (rabatt.Veranstaltung_Typs ?? []).map((t) => t.id),
    benutzerAuswahlTyp: rabatt.benutzerAuswahlTyp,
    gruppenIds: (rabatt.Benutzer_Gruppes ?? []).map((g) => g.id),
  };
}

@Injectable()
export class Preisfindung {
  constructor(private readonly dataSource: DataSource) {}

  /** The active discounts that apply to the booking, and its amount with the best of them. */
  async rabatte(buchung: RabattBuchung): Promise<RabattErgebnis> {
    const rabatte = await this.dataSource.getRepository(WbRabatt).find({
      where: { aktiv: true },
      relations: { Veranstaltungs: true, Veranstaltung_Typs: true, Benutzer_Gruppes: true },
    });
    return rabatteBerechnen(rabatte.map(alsRegel), buchung);
  }

  /** The voucher with `code` on the booking's price; refused in German when it cannot be used. */
  async gutschein(
    code: string,
    buchung: { preis: number; seminarId: number },
  ): Promise<GutscheinWirkung & { gutschein: WbVoucher }> {
    const gutschein = await this.dataSource
      .getRepository(WbVoucher)
      .findOne({ where: { code: codeNormalisieren(code) } });
    const wirkung = gutscheinAnwenden(
      gutschein && { ...gutschein, wert: betrag(gutschein.typ, gutschein.wert) },
      buchung,
    );
    return { ...wirkung, gutschein: gutschein as WbVoucher };
  }

  /**
   * Redeems the voucher in the caller's transaction: read with its row locked (MySQL/MariaDB;
   * SQLite has one writer), applied by the same rules, then no longer valid — a code is used once,
   * so a second booking with it is refused as 'Gutschein ist ungültig!'.
   */
  async gutscheinEinloesen(
    manager: EntityManager,
    code: string,
    buchung: { preis: number; seminarId: number },
  ): Promise<GutscheinWirkung & { gutschein: WbVoucher }> {
    const abfrage = manager
      .createQueryBuilder(WbVoucher, 'g')
      .where('g.code = :code', { code: codeNormalisieren(code) });
    const zeilensperre = ['mysql', 'mariadb'].includes(manager.connection.options.type);
    const gutschein = await (zeilensperre ? abfrage.setLock('pessimistic_write') : abfrage).getOne();
    const wirkung = gutscheinAnwenden(
      gutschein && { ...gutschein, wert: betrag(gutschein.typ, gutschein.wert) },
      buchung,
    );
    await manager.update(WbVoucher, (gutschein as WbVoucher).id, { valid: false });
    return { ...wirkung, gutschein: { ...(gutschein as WbVoucher), valid: false } };
  }
}
