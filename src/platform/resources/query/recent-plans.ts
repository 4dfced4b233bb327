/**
 * The plans of recently asked queries. A list screen asks the same query again and again (reloads,
 * revalidation when the window regains focus, polling, going back a page). A kept plan spares the
 * planning, TypeORM's parameter escaping and the row builder's lookup: 40–60 µs of CPU per short
 * list call (bench/api/cpu-ab.mjs on 2026-11-26, 'Vorgänge eines Seminars' and 'Mitglieder einer
 * Gruppe'). Kept by their exact query, the least recently used dropped first; keys beyond
 * `maxKeyLength` (an `$in` of thousands of ids) are not kept at all.
 */
export class RecentPlans<T> {
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
    if (key.length <= this.maxKeyLength) {
      if (this.kept.size >= this.max) this.kept.delete(this.kept.keys().next().value as string);
      this.kept.set(key, made);
    }
    return made;
  }

  get size(): number {
    return this.kept.size;
  }
}
