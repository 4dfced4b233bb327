/** Zahlungsspeicher in SQL (both databases), in the transaction the caller runs. */
import { Injectable } from '@nestjs/common';
import { In, IsNull, Not, type EntityManager } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { zeileEinfuegen } from '../../../platform/database/mehrzeilig';
import { managerVon, type Transaktion } from '../../../platform/database/transaktion';
import type { Rechnung } from '../../application/ports/abrechnungsspeicher';
import {
  Zahlungsspeicher,
  type Kontoauszugsposten,
  type NeuerPosten,
  type NeueZahlung,
  type Zahlung,
  type ZahlungsTx,
} from '../../application/ports/zahlungsspeicher';
import { mitZeilensperre } from './abrechnungsspeicher.typeorm';
import { RwAbrechnungLog } from './rw-abrechnung.entity';
import { RwRechnung } from './rw-rechnung.entity';
import { RwKontoauszugPosten, RwZahlung } from './rw-zahlung.entity';

class ZahlungsTxTypeorm implements ZahlungsTx {
  constructor(private readonly manager: EntityManager) {}

  async zahlungen(rechnungIds: number[]): Promise<Zahlung[]> {
    if (rechnungIds.length === 0) return [];
    return this.manager.find(RwZahlung, { where: { rw_rechnung_id: In(rechnungIds) }, order: { id: 'ASC' } });
  }

  zahlungAnlegen(werte: NeueZahlung): Promise<number> {
    return zeileEinfuegen(this.manager, RwZahlung, werte);
  }

  async bekannteReferenzen(referenzen: string[]): Promise<string[]> {
    if (referenzen.length === 0) return [];
    const zeilen = await this.manager.find(RwKontoauszugPosten, {
      where: { referenz: In(referenzen) },
      select: { id: true, referenz: true },
    });
    return zeilen.map((z) => z.referenz);
  }

  async postenAnlegen(werte: NeuerPosten): Promise<number> {
    return (await this.manager.save(this.manager.create(RwKontoauszugPosten, werte))).id;
  }

  async postenGesperrt(id: number): Promise<Kontoauszugsposten | null> {
    const query = this.manager.createQueryBuilder(RwKontoauszugPosten, 'p').where('p.id = :id', { id });
    return (
      (await (mitZeilensperre(this.manager) ? query.setLock('pessimistic_write') : query).getOne()) ?? null
    );
  }

  async postenAendern(id: number, werte: Partial<Kontoauszugsposten> & { admin_name: string | null }) {
    await this.manager.update(RwKontoauszugPosten, id, werte as QueryDeepPartialEntity<RwKontoauszugPosten>);
  }

  async rechnungenMitNummern(nummern: string[]): Promise<Rechnung[]> {
    if (nummern.length === 0) return [];
    return this.manager.find(RwRechnung, {
      where: { rechnungs_nr: In(nummern), storno_parent_id: IsNull() },
      order: { id: 'ASC' },
    });
  }

  offeneRechnungenMitBetrag(betrag: number): Promise<Rechnung[]> {
    return this.manager.find(RwRechnung, {
      where: { betrag, zahlstatus: Not(In(['bezahlt', 'erstattet'])) },
      order: { id: 'ASC' },
    });
  }

  async lastschriftHeruntergeladen(abrechnungId: number): Promise<boolean> {
    return (
      (await this.manager.count(RwAbrechnungLog, {
        where: { rw_abrechnung_id: abrechnungId, type: 'sepaDebit' },
      })) > 0
    );
  }
}

@Injectable()
export class ZahlungsspeicherTypeorm extends Zahlungsspeicher {
  in(tx: Transaktion): ZahlungsTx {
    return new ZahlungsTxTypeorm(managerVon(tx));
  }
}
