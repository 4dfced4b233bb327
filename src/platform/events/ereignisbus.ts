/**
 * A small synchronous event bus: `melden` runs every listener of the event, in the order they
 * subscribed, awaited one after the other in the announcing transaction (a listener's error rolls
 * the announcement back with it). No queue, no retry: the listeners are part of the same write.
 */
import { Injectable } from '@nestjs/common';
import type { Ereignisse } from '../../shared/ereignisse';
import type { Transaktion } from '../database/transaktion';

export type Zuhoerer<N extends keyof Ereignisse> = (daten: Ereignisse[N], tx: Transaktion) => Promise<void>;

@Injectable()
export class Ereignisbus {
  private readonly zuhoerer = new Map<keyof Ereignisse, Zuhoerer<keyof Ereignisse>[]>();

  abonnieren<N extends keyof Ereignisse>(name: N, zuhoerer: Zuhoerer<N>): void {
    this.zuhoerer.set(name, [...(this.zuhoerer.get(name) ?? []), zuhoerer as Zuhoerer<keyof Ereignisse>]);
  }

  async melden<N extends keyof Ereignisse>(name: N, daten: Ereignisse[N], tx: Transaktion): Promise<void> {
    for (const zuhoerer of this.zuhoerer.get(name) ?? []) await zuhoerer(daten, tx);
  }
}
