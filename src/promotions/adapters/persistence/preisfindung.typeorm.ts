/** Preisfindung in SQL: loads the discounts and vouchers and leaves the arithmetic to domain/. */
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { codeNormalisieren } from '../../../../common/gutschein';
import type { RabattTyp } from '../../../../common/rabatt';
import { managerVon, type Transaktion } from '../../../platform/database/transaktion';
import { eurosToCents } from '../../../shared/money';
import {
  Preisfindung,
  type GutscheinBuchung,
  type Rabattrechner,
} from '../../application/ports/preisfindung';
import { WbRabatt, WbVoucher } from './wb-rabatt.entity';
import { gutscheinAnwenden, type GutscheinWirkung } from '../../domain/gutschein';
import {
  rabatteBerechnen,
  type RabattBuchung,
  type RabattErgebnis,
  type RabattRegel,
} from '../../domain/rabatt-berechnung';
import { istMysql } from '../../../platform/database/dialekt';

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
export class PreisfindungTypeorm extends Preisfindung {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async rabattRechner(): Promise<Rabattrechner> {
    const rabatte = await this.dataSource.getRepository(WbRabatt).find({
      where: { aktiv: true },
      relations: { Veranstaltungs: true, Veranstaltung_Typs: true, Benutzer_Gruppes: true },
    });
    const regeln = rabatte.map(alsRegel);
    return (buchung: RabattBuchung): RabattErgebnis => rabatteBerechnen(regeln, buchung);
  }

  async gutschein(
    code: string,
    buchung: GutscheinBuchung,
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

  /** The row locked on MySQL/MariaDB; SQLite has one writer. */
  async gutscheinEinloesen(
    tx: Transaktion,
    code: string,
    buchung: GutscheinBuchung,
  ): Promise<GutscheinWirkung & { gutschein: WbVoucher }> {
    const manager = managerVon(tx);
    const abfrage = manager
      .createQueryBuilder(WbVoucher, 'g')
      .where('g.code = :code', { code: codeNormalisieren(code) });
    const zeilensperre = istMysql(manager.connection);
    const gutschein = await (zeilensperre ? abfrage.setLock('pessimistic_write') : abfrage).getOne();
    const wirkung = gutscheinAnwenden(
      gutschein && { ...gutschein, wert: betrag(gutschein.typ, gutschein.wert) },
      buchung,
    );
    await manager.update(WbVoucher, (gutschein as WbVoucher).id, { valid: false });
    return { ...wirkung, gutschein: { ...(gutschein as WbVoucher), valid: false } };
  }
}
