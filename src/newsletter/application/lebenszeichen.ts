/**
 * The signs of life of the claims one process holds (issue 31): while a mail is sent and its
 * outcome written, its claim is renewed several times per claim timeout, so that a living worker's
 * rows are never taken for dead however long its SMTP server or database takes, and a killed
 * worker's rows are offered again seconds after its last sign of life.
 */
export class Lebenszeichen {
  private readonly claims = new Map<number, Set<string>>();
  private timer: NodeJS.Timeout | null = null;
  private readonly intervallMs: number;

  constructor(
    private readonly erneuern: (dispatcherId: number, claims: string[]) => Promise<void>,
    timeoutMs: number,
    private readonly fehler: (error: unknown) => void,
  ) {
    this.intervallMs = Math.max(50, Math.floor(timeoutMs / 5));
  }

  halten(dispatcherId: number, claim: string): void {
    const claims = this.claims.get(dispatcherId) ?? new Set<string>();
    claims.add(claim);
    this.claims.set(dispatcherId, claims);
    // unref: a process that is told to stop is not held up by it.
    this.timer ??= setInterval(() => this.senden(), this.intervallMs).unref();
  }

  loslassen(dispatcherId: number, claim: string): void {
    const claims = this.claims.get(dispatcherId);
    claims?.delete(claim);
    if (claims?.size === 0) this.claims.delete(dispatcherId);
    if (this.claims.size === 0) this.beenden();
  }

  beenden(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private senden(): void {
    for (const [dispatcherId, claims] of this.claims)
      this.erneuern(dispatcherId, [...claims]).catch(this.fehler);
  }
}
