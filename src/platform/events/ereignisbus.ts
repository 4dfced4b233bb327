/**
 * A small synchronous event bus: `melden` runs every listener of the event, in the order they
 * subscribed, awaited one after the other in the announcing transaction (a listener's error rolls
 * the announcement back with it). No queue, no retry: the listeners are part of the same write.
 * `gebuendelt` holds one event's announcements of a transaction while a batch runs and delivers
 * them merged once at its end (what listeners recompute from the state, such as counts).
 */
import { Injectable } from '@nestjs/common';
import type { Ereignisse } from '../../shared/ereignisse';
import type { Transaktion } from '../database/transaktion';

export type Zuhoerer<N extends keyof Ereignisse> = (daten: Ereignisse[N], tx: Transaktion) => Promise<void>;

@Injectable()
export class Ereignisbus {
  private readonly zuhoerer = new Map<keyof Ereignisse, Zuhoerer<keyof Ereignisse>[]>();
  /** Per transaction, the events held back by a running `gebuendelt` and their announcements. */
  private readonly gehalten = new Map<Transaktion, Map<keyof Ereignisse, unknown[]>>();

  abonnieren<N extends keyof Ereignisse>(name: N, zuhoerer: Zuhoerer<N>): void {
    this.zuhoerer.set(name, [...(this.zuhoerer.get(name) ?? []), zuhoerer as Zuhoerer<keyof Ereignisse>]);
  }

  async melden<N extends keyof Ereignisse>(name: N, daten: Ereignisse[N], tx: Transaktion): Promise<void> {
    const gehalten = this.gehalten.get(tx)?.get(name);
    if (gehalten) {
      gehalten.push(daten);
      return;
    }
    for (const zuhoerer of this.zuhoerer.get(name) ?? []) await zuhoerer(daten, tx);
  }

  /**
   * Runs `arbeit`; what it announces as `name` in `tx` reaches the listeners once at its end, as
   * `zusammen` merges it (nothing when nothing was announced; nothing either when `arbeit` fails,
   * its transaction then rolls back).
   */
  async gebuendelt<N extends keyof Ereignisse, T>(
    name: N,
    tx: Transaktion,
    zusammen: (liste: Ereignisse[N][]) => Ereignisse[N],
    arbeit: () => Promise<T>,
  ): Promise<T> {
    const je = this.gehalten.get(tx) ?? new Map<keyof Ereignisse, unknown[]>();
    if (je.has(name)) throw new Error(`„${name}“ wird in dieser Transaktion schon gebündelt.`);
    const liste: Ereignisse[N][] = [];
    je.set(name, liste);
    this.gehalten.set(tx, je);
    let ergebnis: T;
    try {
      ergebnis = await arbeit();
    } finally {
      je.delete(name);
      if (je.size === 0) this.gehalten.delete(tx);
    }
    if (liste.length > 0) await this.melden(name, zusammen(liste), tx);
    return ergebnis;
  }
}
