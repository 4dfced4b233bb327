/**
 * VersandSpeicher in SQL (both databases). The claim is one UPDATE guarded by the claimable state:
 * of two runs that picked the same rows, the database lets only one change each row. Likewise the
 * expansion into rows: one UPDATE guarded by the dispatcher's unset empfaenger_time.
 */
import { Injectable } from '@nestjs/common';
import { DataSource, In, IsNull, LessThanOrEqual, MoreThan, Not, Or, type FindOptionsWhere } from 'typeorm';
import { AuditTrail, type Actor } from '../../../platform/audit/audit-trail';
import {
  FELDER,
  VersandSpeicher,
  type Abschluss,
  type Empfang,
  type Klick,
  type UnerledigteZeile,
  type VersandDispatcher,
  type VersandEmpfaenger,
  type VersandStatus,
  type VersandZeile,
  type Zaehlung,
} from '../../application/ports/versand-speicher';
import {
  BEANSPRUCHBAR,
  dispatcherInfo,
  UNERLEDIGT,
  VERSAND_STATUS,
  type Wartestand,
} from '../../domain/versand';
import { NewsletterDispatcher, NewsletterVersand } from './newsletter-dispatcher.entity';
import { Newsletter } from './newsletter.entity';
import { StatistikNewsletter } from './statistik-newsletter.entity';

const DISPATCHER = 'newsletter-dispatcher';

/** TypeORM's selection of the port's fields (FELDER). */
const auswahl = <K extends string>(felder: readonly K[]) =>
  Object.fromEntries(felder.map((feld) => [feld, true])) as Record<K, true>;
/** Rows written per INSERT (5 parameters each, well under SQLite's limit). */
const ANLEGEN_BATCH = 1000;
/** Due at `jetzt`: never tried, or its retry time reached. */
const faellig = (jetzt: Date) => Or(IsNull(), LessThanOrEqual(jetzt));

@Injectable()
export class VersandSpeicherTypeorm extends VersandSpeicher {
  constructor(
    private readonly dataSource: DataSource,
    private readonly audit: AuditTrail,
  ) {
    super();
  }

  private get manager() {
    return this.dataSource.manager;
  }

  async dispatcher(id: number): Promise<VersandDispatcher | null> {
    return this.manager.findOne(NewsletterDispatcher, {
      select: auswahl(FELDER.dispatcher),
      where: { id },
    });
  }

  async offeneDispatcher(): Promise<{ id: number; versand_time: Date }[]> {
    return this.manager.find(NewsletterDispatcher, {
      select: { id: true, versand_time: true },
      where: { versendet: false, versand_time: Not(IsNull()) },
    }) as Promise<{ id: number; versand_time: Date }[]>;
  }

  async fehlerVermerken(dispatcherId: number, fehler: string): Promise<void> {
    await this.manager.update(NewsletterDispatcher, { id: dispatcherId }, { error: fehler });
  }

  async unversendeteLoeschen(newsletterId: number, actor: Actor | null): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const loeschbar = { newsletter_id: newsletterId, versendet: false, empfaenger_time: IsNull() };
      const ids = (await manager.find(NewsletterDispatcher, { select: { id: true }, where: loeschbar })).map(
        (d) => d.id,
      );
      if (ids.length === 0) return 0;
      // Guarded again: a planned job laying down the rows meanwhile keeps its dispatcher.
      await manager.delete(NewsletterDispatcher, { ...loeschbar, id: In(ids) });
      for (const id of ids)
        await this.audit.record(manager, { actor, resource: DISPATCHER, recordId: id, action: 'delete' });
      return ids.length;
    });
  }

  async fehlgeschlageneFreigeben(dispatcherId: number, actor: Actor | null): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const { affected } = await manager
        .createQueryBuilder()
        .update(NewsletterVersand)
        .set({ status: BEANSPRUCHBAR, versuche: 0, fehler: null, naechster_versuch: null, claim: null })
        .where({ newsletter_dispatcher_id: dispatcherId, status: VERSAND_STATUS.fehler })
        .execute();
      if (!affected) return 0;
      await manager.update(
        NewsletterDispatcher,
        { id: dispatcherId },
        { versendet: false, versendet_time: null },
      );
      await this.audit.record(manager, {
        actor,
        resource: DISPATCHER,
        recordId: dispatcherId,
        action: 'update',
        changes: { fehlgeschlagene_erneut: { before: affected, after: 0 } },
      });
      return affected;
    });
  }

  async anhalten(dispatcherId: number, angehalten: boolean, actor: Actor | null): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const dispatcher = await manager.findOne(NewsletterDispatcher, { where: { id: dispatcherId } });
      const { affected } = await manager.update(
        NewsletterDispatcher,
        { id: dispatcherId, versendet: false, angehalten: !angehalten },
        {
          angehalten,
          ...(dispatcher && { info: dispatcherInfo({ ...dispatcher, versendet: false, angehalten }) }),
        },
      );
      if (!affected) return false;
      await this.audit.record(manager, {
        actor,
        resource: DISPATCHER,
        recordId: dispatcherId,
        action: 'update',
        changes: { angehalten: { before: !angehalten, after: angehalten } },
      });
      return true;
    });
  }

  async empfaengerAnlegen(
    dispatcherId: number,
    newsletterId: number,
    empfaenger: VersandEmpfaenger[],
    jetzt: Date,
  ): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      // The guard: a second run waits for this transaction (MariaDB's row lock; SQLite has one
      // writer), then finds the time set and changes nothing. A failed run leaves it unset.
      const { affected } = await manager
        .createQueryBuilder()
        .update(NewsletterDispatcher)
        .set({ empfaenger_time: jetzt })
        .where({ id: dispatcherId, empfaenger_time: IsNull() })
        .execute();
      if (!affected) return false;
      // Plain multi-row INSERTs: for 50 000 recipients the ORM's insert builder took seconds.
      for (let i = 0; i < empfaenger.length; i += ANLEGEN_BATCH) {
        const teil = empfaenger.slice(i, i + ANLEGEN_BATCH);
        await manager.query(
          'INSERT INTO newsletter_versand (newsletter_dispatcher_id, newsletter_id, benutzer_id, email, status) ' +
            `VALUES ${teil.map(() => '(?, ?, ?, ?, ?)').join(', ')}`,
          teil.flatMap((e) => [dispatcherId, newsletterId, e.benutzer_id, e.email, BEANSPRUCHBAR]),
        );
      }
      return true;
    });
  }

  async faellige(dispatcherId: number, jetzt: Date, anzahl: number): Promise<VersandZeile[]> {
    return this.manager.find(NewsletterVersand, {
      select: auswahl(FELDER.zeile),
      where: {
        newsletter_dispatcher_id: dispatcherId,
        status: BEANSPRUCHBAR,
        naechster_versuch: faellig(jetzt),
      },
      order: { id: 'ASC' },
      take: anzahl,
    });
  }

  async beanspruchen(zeile: VersandZeile, claim: string, jetzt: Date): Promise<boolean> {
    const { affected } = await this.manager
      .createQueryBuilder()
      .update(NewsletterVersand)
      .set({ status: VERSAND_STATUS.sending, claim, updatedAt: jetzt })
      // The guard: taken, tried or put off by another run since it was read, the row is not ours.
      .where({
        id: zeile.id,
        status: BEANSPRUCHBAR,
        versuche: zeile.versuche,
        naechster_versuch: faellig(jetzt),
      })
      .execute();
    return affected === 1;
  }

  async abschliessen(claim: string, id: number, abschluss: Abschluss, jetzt: Date): Promise<boolean> {
    const { affected } = await this.manager
      .createQueryBuilder()
      .update(NewsletterVersand)
      .set({ ...abschluss, versuche: () => 'versuche + 1', claim: null, updatedAt: jetzt })
      .where({ id, claim, status: In([...UNERLEDIGT]) })
      .execute();
    return affected === 1;
  }

  async lebenszeichen(dispatcherId: number, claims: string[], jetzt: Date): Promise<void> {
    if (claims.length === 0) return;
    await this.manager
      .createQueryBuilder()
      .update(NewsletterVersand)
      .set({ updatedAt: jetzt })
      .where({ newsletter_dispatcher_id: dispatcherId, status: VERSAND_STATUS.sending, claim: In(claims) })
      .execute();
  }

  async verfalleneFreigeben(dispatcherId: number, vor: Date): Promise<void> {
    await this.manager
      .createQueryBuilder()
      .update(NewsletterVersand)
      .set({ status: BEANSPRUCHBAR })
      .where({
        newsletter_dispatcher_id: dispatcherId,
        status: VERSAND_STATUS.sending,
        updatedAt: LessThanOrEqual(vor),
      })
      .execute();
  }

  async stand(dispatcherId: number): Promise<Partial<Record<VersandStatus, number>>> {
    const rows: { status: VersandStatus; anzahl: unknown }[] = await this.manager
      .createQueryBuilder(NewsletterVersand, 'v')
      .select('v.status', 'status')
      .addSelect('COUNT(*)', 'anzahl')
      .where('v.newsletter_dispatcher_id = :dispatcherId', { dispatcherId })
      .groupBy('v.status')
      .getRawMany();
    return Object.fromEntries(rows.map((row) => [row.status, Number(row.anzahl)]));
  }

  async wartestand(dispatcherId: number, verlorenVor: Date, jetzt: Date): Promise<Wartestand> {
    const zaehlen = (where: FindOptionsWhere<NewsletterVersand>) =>
      this.manager.count(NewsletterVersand, { where: { newsletter_dispatcher_id: dispatcherId, ...where } });
    const spaeter = { status: BEANSPRUCHBAR, naechster_versuch: MoreThan(jetzt) };
    const [inArbeit, verloren, offen, anzahlSpaeter, naechster, neueste] = await Promise.all([
      zaehlen({ status: VERSAND_STATUS.sending, updatedAt: MoreThan(verlorenVor) }),
      zaehlen({ status: VERSAND_STATUS.sending, updatedAt: LessThanOrEqual(verlorenVor) }),
      zaehlen({ status: BEANSPRUCHBAR }),
      zaehlen(spaeter),
      this.manager.findOne(NewsletterVersand, {
        select: { id: true, naechster_versuch: true },
        where: { newsletter_dispatcher_id: dispatcherId, ...spaeter },
        order: { naechster_versuch: 'ASC' },
      }),
      this.manager.findOne(NewsletterVersand, {
        select: { id: true, fehler: true },
        where: { newsletter_dispatcher_id: dispatcherId, ...spaeter },
        order: { updatedAt: 'DESC' },
      }),
    ]);
    return {
      inArbeit,
      verloren,
      faellig: offen - anzahlSpaeter,
      spaeter: anzahlSpaeter,
      naechsterVersuch: naechster?.naechster_versuch ?? null,
      letzteAntwort: neueste?.fehler ?? null,
    };
  }

  async unerledigte(dispatcherId: number): Promise<UnerledigteZeile[]> {
    return this.manager.find(NewsletterVersand, {
      select: auswahl(FELDER.unerledigt),
      where: { newsletter_dispatcher_id: dispatcherId, status: In([...UNERLEDIGT]) },
    }) as Promise<UnerledigteZeile[]>;
  }

  async zaehlen(dispatcherId: number, versendet: number, fehlgeschlagen: number): Promise<void> {
    await this.manager
      .createQueryBuilder()
      .update(NewsletterDispatcher)
      .set({ sent: () => `sent + ${versendet}`, failed: () => `failed + ${fehlgeschlagen}` })
      .where({ id: dispatcherId, versendet: false })
      .execute();
  }

  async zaehlungSchreiben(dispatcherId: number, zaehlung: Zaehlung): Promise<void> {
    const dispatcher = await this.manager.findOne(NewsletterDispatcher, {
      select: { id: true, versendet: true, versand_time: true, angehalten: true },
      where: { id: dispatcherId },
    });
    if (!dispatcher) return;
    // The Info says what the counts say, also when a count comes after the dispatch finished; a
    // dispatch that finished in between keeps what its finish wrote (the same counts, its Info).
    const info = dispatcherInfo({
      ...zaehlung,
      versendet: dispatcher.versendet,
      versand_time: dispatcher.versand_time,
      angehalten: dispatcher.angehalten,
    });
    await this.manager.update(
      NewsletterDispatcher,
      { id: dispatcherId, versendet: dispatcher.versendet },
      { ...zaehlung, info },
    );
  }

  async beenden(dispatcherId: number, zaehlung: Zaehlung, jetzt: Date): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const result = await manager
        .createQueryBuilder()
        .update(NewsletterDispatcher)
        .set({
          versendet: true,
          versendet_time: jetzt,
          ...zaehlung,
          info: dispatcherInfo({ ...zaehlung, versendet: true, versand_time: null }),
        })
        .where({ id: dispatcherId, versendet: false })
        .execute();
      if (!result.affected) return;
      const dispatcher = await manager.findOneOrFail(NewsletterDispatcher, { where: { id: dispatcherId } });
      await manager.update(Newsletter, { id: dispatcher.newsletter_id }, { bearbeitungsstatus: 'versendet' });
    });
  }

  async empfang(versandId: number): Promise<Empfang | null> {
    return this.manager.findOne(NewsletterVersand, {
      select: { newsletter_id: true, newsletter_dispatcher_id: true, benutzer_id: true },
      where: { id: versandId },
    });
  }

  async klickVermerken(klick: Klick): Promise<void> {
    await this.manager.insert(StatistikNewsletter, klick);
  }

  async abmeldungVermerken(versandId: number, zeit: Date): Promise<void> {
    await this.manager.update(
      NewsletterVersand,
      { id: versandId, abgemeldet_time: IsNull() },
      { abgemeldet_time: zeit },
    );
  }
}
