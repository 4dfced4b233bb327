/**
 * Writes items in groups as they come: while one write runs, the next items gather and go in the
 * following write (a group commit). Each item is written soon after it arrived — a few
 * milliseconds, not at the end of a whole batch — yet a burst costs a handful of writes, not one
 * per item. `done()` waits for everything added so far and answers the summed results; the first
 * failed write fails `done()` (items of later groups are still written).
 */
export class GroupCommit<T, R extends Record<string, number>> {
  private pending: T[] = [];
  private running: Promise<void> | null = null;
  private error: unknown = null;
  private readonly total: R;

  constructor(
    private readonly write: (items: T[]) => Promise<R>,
    zero: R,
  ) {
    this.total = { ...zero };
  }

  add(item: T): void {
    this.pending.push(item);
    this.flush();
  }

  async done(): Promise<R> {
    while (this.running) await this.running;
    if (this.error) throw this.error;
    return this.total;
  }

  private flush(): void {
    if (this.running || this.pending.length === 0) return;
    const group = this.pending;
    this.pending = [];
    this.running = this.write(group).then(
      (result) => {
        for (const key of Object.keys(result) as (keyof R)[])
          (this.total[key] as number) += result[key] as number;
      },
      (error: unknown) => {
        this.error ??= error;
      },
    );
    void this.running.then(() => {
      this.running = null;
      this.flush();
    });
  }
}
