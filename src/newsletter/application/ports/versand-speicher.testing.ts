/**
 * VersandSpeicher in memory, for unit tests of the dispatch use case. Each method acts at once, as
 * one SQL statement does, after `takt()` (by default one turn of the event loop): several send
 * jobs on one store then interleave at every await of the use case, as workers on one database do.
 */
import type { Actor } from '../../../platform/audit/audit-trail';
import { BEANSPRUCHBAR, UNERLEDIGT, VERSAND_STATUS } from '../../domain/versand';
import {
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

const naechsterTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export class VersandSpeicherInMemory extends VersandSpeicher {
  readonly dispatchers = new Map<number, GespeicherterDispatcher>();
  readonly zeilen: GespeicherteZeile[] = [];
  readonly klicks: Klick[] = [];

  constructor(private readonly takt: () => Promise<void> = naechsterTurn) {
    super();
  }

  private von(dispatcherId: number) {
    return this.zeilen.filter((z) => z.dispatcherId === dispatcherId);
  }

  async dispatcher(id: number): Promise<VersandDispatcher | null> {
    await this.takt();
    const d = this.dispatchers.get(id);
    return d
      ? { id: d.id, newsletter_id: d.newsletter_id, versand_time: d.versand_time, versendet: d.versendet }
      : null;
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
      .filter((d) => d.newsletter_id === newsletterId && !d.versendet)
      .filter((d) => this.von(d.id).every((z) => z.status === BEANSPRUCHBAR))
      .map((d) => d.id);
    for (const id of ids) this.dispatchers.delete(id);
    this.zeilen.splice(0, this.zeilen.length, ...this.zeilen.filter((z) => !ids.includes(z.dispatcherId)));
    return ids.length;
  }

  async empfaengerVon(dispatcherId: number): Promise<VersandEmpfaenger[]> {
    await this.takt();
    return this.von(dispatcherId).map(({ benutzer_id, email }) => ({ benutzer_id, email }));
  }

  async zeilenAnlegen(
    dispatcherId: number,
    _newsletterId: number,
    empfaenger: VersandEmpfaenger[],
  ): Promise<void> {
    await this.takt();
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
        updatedAt: new Date(),
      });
  }

  async faellige(dispatcherId: number, jetzt: Date, anzahl: number): Promise<number[]> {
    await this.takt();
    return this.von(dispatcherId)
      .filter((z) => z.status === BEANSPRUCHBAR && (!z.naechster_versuch || z.naechster_versuch <= jetzt))
      .slice(0, anzahl)
      .map((z) => z.id);
  }

  async beanspruchen(
    dispatcherId: number,
    ids: number[],
    claim: string,
    jetzt: Date,
  ): Promise<VersandZeile[]> {
    await this.takt();
    for (const zeile of this.zeilen)
      if (ids.includes(zeile.id) && zeile.status === BEANSPRUCHBAR)
        Object.assign(zeile, { status: VERSAND_STATUS.sending, claim, updatedAt: jetzt });
    return this.von(dispatcherId)
      .filter((z) => z.claim === claim && z.status === VERSAND_STATUS.sending)
      .map(({ id, benutzer_id, email, versuche }) => ({ id, benutzer_id, email, versuche }));
  }

  async abschliessen(claim: string, ids: number[], abschluss: Abschluss, jetzt: Date): Promise<number> {
    await this.takt();
    const gehalten = this.zeilen.filter(
      (z) => ids.includes(z.id) && z.claim === claim && z.status === VERSAND_STATUS.sending,
    );
    for (const zeile of gehalten)
      Object.assign(zeile, abschluss, { versuche: zeile.versuche + 1, claim: null, updatedAt: jetzt });
    return gehalten.length;
  }

  async verfalleneFreigeben(dispatcherId: number, vor: Date): Promise<void> {
    await this.takt();
    for (const zeile of this.von(dispatcherId))
      if (zeile.status === VERSAND_STATUS.sending && zeile.updatedAt <= vor)
        Object.assign(zeile, { status: BEANSPRUCHBAR, claim: null });
  }

  async stand(dispatcherId: number): Promise<Partial<Record<VersandStatus, number>>> {
    await this.takt();
    const anzahl: Partial<Record<VersandStatus, number>> = {};
    for (const { status } of this.von(dispatcherId)) anzahl[status] = (anzahl[status] ?? 0) + 1;
    return anzahl;
  }

  async unerledigte(dispatcherId: number): Promise<UnerledigteZeile[]> {
    await this.takt();
    return this.von(dispatcherId)
      .filter((z) => (UNERLEDIGT as readonly string[]).includes(z.status))
      .map(({ status, naechster_versuch, updatedAt }) => ({ status, naechster_versuch, updatedAt }));
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
}
