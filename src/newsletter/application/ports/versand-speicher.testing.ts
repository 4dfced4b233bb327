/**
 * VersandSpeicher in memory, for unit tests of the dispatch use case. Each method acts at once, as
 * one SQL statement does, after `takt()` (by default one turn of the event loop): several send
 * jobs on one store then interleave at every await of the use case, as workers on one database do.
 */
import type { Actor } from '../../../platform/audit/audit-trail';
import { matchesCondition } from '../../../../common/resource-meta';
import { BEANSPRUCHBAR, LOESCHBAR, UNERLEDIGT, VERSAND_STATUS, type Wartestand } from '../../domain/versand';
import {
  FELDER,
  nur,
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
} from './versand-speicher';

export interface GespeicherteZeile extends VersandZeile, Omit<Partial<Abschluss>, 'naechster_versuch'> {
  dispatcherId: number;
  status: VersandStatus;
  claim: string | null;
  naechster_versuch: Date | null;
  updatedAt: Date;
}

export type GespeicherterDispatcher = VersandDispatcher &
  Zaehlung & { error: string | null; newsletterVersendet: boolean };

const faellig = (z: GespeicherteZeile, jetzt: Date) => !z.naechster_versuch || z.naechster_versuch <= jetzt;

const naechsterTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export class VersandSpeicherInMemory extends VersandSpeicher {
  readonly dispatchers = new Map<number, GespeicherterDispatcher>();
  readonly zeilen: GespeicherteZeile[] = [];
  readonly klicks: Klick[] = [];

  constructor(private readonly takt: () => Promise<void> = naechsterTurn) {
    super();
  }

  /** Stores a dispatcher not sent yet, with no rows and no counts unless said otherwise. */
  dispatcherAnlegen(
    werte: Pick<GespeicherterDispatcher, 'id' | 'newsletter_id'> & Partial<GespeicherterDispatcher>,
  ): void {
    this.dispatchers.set(werte.id, {
      versand_time: null,
      versendet: false,
      empfaenger_time: null,
      angehalten: false,
      total: 0,
      sent: 0,
      failed: 0,
      error: null,
      newsletterVersendet: false,
      ...werte,
    });
  }

  private von(dispatcherId: number) {
    return this.zeilen.filter((z) => z.dispatcherId === dispatcherId);
  }

  async dispatcher(id: number): Promise<VersandDispatcher | null> {
    await this.takt();
    const d = this.dispatchers.get(id);
    return d ? nur(d, FELDER.dispatcher) : null;
  }

  async offeneDispatcher(): Promise<{ id: number; versand_time: Date }[]> {
    await this.takt();
    return [...this.dispatchers.values()]
      .filter((d) => !d.versendet && d.versand_time)
      .map((d) => ({ id: d.id, versand_time: d.versand_time! }));
  }

  async fehlerVermerken(dispatcherId: number, fehler: string): Promise<void> {
    await this.takt();
    const d = this.dispatchers.get(dispatcherId);
    if (d) d.error = fehler;
  }

  async unversendeteLoeschen(newsletterId: number, _actor: Actor | null): Promise<number> {
    await this.takt();
    const ids = [...this.dispatchers.values()]
      .filter((d) => d.newsletter_id === newsletterId && matchesCondition({ ...d }, LOESCHBAR))
      .map((d) => d.id);
    for (const id of ids) this.dispatchers.delete(id);
    return ids.length;
  }

  async fehlgeschlageneFreigeben(dispatcherId: number, _actor: Actor | null): Promise<number> {
    await this.takt();
    const fehler = this.von(dispatcherId).filter((z) => z.status === VERSAND_STATUS.fehler);
    for (const z of fehler)
      Object.assign(z, {
        status: BEANSPRUCHBAR,
        versuche: 0,
        fehler: null,
        naechster_versuch: null,
        claim: null,
      });
    const d = this.dispatchers.get(dispatcherId);
    if (d && fehler.length) d.versendet = false;
    return fehler.length;
  }

  async anhalten(dispatcherId: number, angehalten: boolean, _actor: Actor | null): Promise<boolean> {
    await this.takt();
    const d = this.dispatchers.get(dispatcherId);
    if (!d || d.versendet || d.angehalten === angehalten) return false;
    d.angehalten = angehalten;
    return true;
  }

  async empfaengerAnlegen(
    dispatcherId: number,
    _newsletterId: number,
    empfaenger: VersandEmpfaenger[],
    jetzt: Date,
  ): Promise<boolean> {
    await this.takt();
    const d = this.dispatchers.get(dispatcherId);
    if (!d || d.empfaenger_time) return false;
    d.empfaenger_time = jetzt;
    for (const { benutzer_id, email } of empfaenger)
      this.zeilen.push({
        id: this.zeilen.length + 1,
        dispatcherId,
        benutzer_id,
        email,
        versuche: 0,
        status: BEANSPRUCHBAR,
        claim: null,
        naechster_versuch: null,
        updatedAt: jetzt,
      });
    return true;
  }

  async faellige(dispatcherId: number, jetzt: Date, anzahl: number): Promise<VersandZeile[]> {
    await this.takt();
    return this.von(dispatcherId)
      .filter((z) => z.status === BEANSPRUCHBAR && faellig(z, jetzt))
      .slice(0, anzahl)
      .map((z) => nur(z, FELDER.zeile));
  }

  async beanspruchen(zeile: VersandZeile, claim: string, jetzt: Date): Promise<boolean> {
    await this.takt();
    const z = this.zeilen.find(
      (z) =>
        z.id === zeile.id && z.status === BEANSPRUCHBAR && z.versuche === zeile.versuche && faellig(z, jetzt),
    );
    if (z) Object.assign(z, { status: VERSAND_STATUS.sending, claim, updatedAt: jetzt });
    return Boolean(z);
  }

  async abschliessen(claim: string, id: number, abschluss: Abschluss, jetzt: Date): Promise<boolean> {
    await this.takt();
    const z = this.zeilen.find(
      (z) => z.id === id && z.claim === claim && (UNERLEDIGT as readonly string[]).includes(z.status),
    );
    if (z) Object.assign(z, abschluss, { versuche: z.versuche + 1, claim: null, updatedAt: jetzt });
    return Boolean(z);
  }

  async lebenszeichen(dispatcherId: number, claims: string[], jetzt: Date): Promise<void> {
    await this.takt();
    for (const z of this.von(dispatcherId))
      if (z.status === VERSAND_STATUS.sending && z.claim && claims.includes(z.claim)) z.updatedAt = jetzt;
  }

  async verfalleneFreigeben(dispatcherId: number, vor: Date): Promise<void> {
    await this.takt();
    for (const zeile of this.von(dispatcherId))
      if (zeile.status === VERSAND_STATUS.sending && zeile.updatedAt <= vor) zeile.status = BEANSPRUCHBAR;
  }

  async stand(dispatcherId: number): Promise<Partial<Record<VersandStatus, number>>> {
    await this.takt();
    const anzahl: Partial<Record<VersandStatus, number>> = {};
    for (const { status } of this.von(dispatcherId)) anzahl[status] = (anzahl[status] ?? 0) + 1;
    return anzahl;
  }

  async wartestand(dispatcherId: number, verlorenVor: Date, jetzt: Date): Promise<Wartestand> {
    await this.takt();
    const zeilen = this.von(dispatcherId);
    const sending = zeilen.filter((z) => z.status === VERSAND_STATUS.sending);
    const offen = zeilen.filter((z) => z.status === BEANSPRUCHBAR);
    const spaeter = offen
      .filter((z) => !faellig(z, jetzt))
      .sort((a, b) => a.naechster_versuch!.getTime() - b.naechster_versuch!.getTime());
    const neueste = [...spaeter].sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime())[0];
    return {
      inArbeit: sending.filter((z) => z.updatedAt > verlorenVor).length,
      verloren: sending.filter((z) => z.updatedAt <= verlorenVor).length,
      faellig: offen.length - spaeter.length,
      spaeter: spaeter.length,
      naechsterVersuch: spaeter[0]?.naechster_versuch ?? null,
      letzteAntwort: neueste?.fehler ?? null,
    };
  }

  async unerledigte(dispatcherId: number): Promise<UnerledigteZeile[]> {
    await this.takt();
    return this.von(dispatcherId)
      .filter((z) => (UNERLEDIGT as readonly string[]).includes(z.status))
      .map((z) => nur(z, FELDER.unerledigt));
  }

  async zaehlen(dispatcherId: number, versendet: number, fehlgeschlagen: number): Promise<void> {
    await this.takt();
    const d = this.dispatchers.get(dispatcherId);
    if (d && !d.versendet) Object.assign(d, { sent: d.sent + versendet, failed: d.failed + fehlgeschlagen });
  }

  async zaehlungSchreiben(dispatcherId: number, zaehlung: Zaehlung): Promise<void> {
    await this.takt();
    const d = this.dispatchers.get(dispatcherId);
    if (d) Object.assign(d, zaehlung);
  }

  async beenden(dispatcherId: number, zaehlung: Zaehlung): Promise<void> {
    await this.takt();
    const d = this.dispatchers.get(dispatcherId);
    if (d && !d.versendet) Object.assign(d, zaehlung, { versendet: true, newsletterVersendet: true });
  }

  async empfang(versandId: number): Promise<Empfang | null> {
    await this.takt();
    const zeile = this.zeilen.find((z) => z.id === versandId);
    if (!zeile) return null;
    const newsletter_id = this.dispatchers.get(zeile.dispatcherId)?.newsletter_id ?? null;
    return { newsletter_id, newsletter_dispatcher_id: zeile.dispatcherId, benutzer_id: zeile.benutzer_id };
  }

  async klickVermerken(klick: Klick): Promise<void> {
    await this.takt();
    this.klicks.push(klick);
  }

  /** Unsubscriptions by recipient row: the first time each. */
  readonly abmeldungen = new Map<number, Date>();

  async abmeldungVermerken(versandId: number, zeit: Date): Promise<void> {
    await this.takt();
    if (!this.abmeldungen.has(versandId)) this.abmeldungen.set(versandId, zeit);
  }
}
