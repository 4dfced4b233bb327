/**
 * A bounded memo of recent answers by key, the least recently used dropped first: the reader's
 * plans of queries asked again, verified session cookies, `trust proxy` answers per address. Keys
 * beyond `maxKeyLength` (an `$in` of thousands of ids) and `undefined` answers (a cookie that failed
 * its check) are not kept, so they cannot push the useful entries out.
 */
export class RecentlyUsed<T> {
  private readonly kept = new Map<string, T>();

  constructor(
    private readonly max: number,
    private readonly maxKeyLength: number,
  ) {}

  get(key: string, make: () => T): T {
    const found = this.kept.get(key);
    if (found !== undefined) {
      // Most recently used last: Map keeps insertion order.
      this.kept.delete(key);
      this.kept.set(key, found);
      return found;
    }
    const made = make();
    if (made !== undefined && key.length <= this.maxKeyLength) {
      if (this.kept.size >= this.max) this.kept.delete(this.kept.keys().next().value as string);
      this.kept.set(key, made);
    }
    return made;
  }

  get size(): number {
    return this.kept.size;
  }
}
