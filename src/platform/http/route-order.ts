/**
 * Express tries its routes one after another in the order they were registered. Nest registers
 * the generic resource routes last, so that a context's own routes such as
 * `GET /node/api/auftraege` win over `GET /node/api/:resource`; every list call of every screen
 * then walked past about a hundred routes (and Express's router defers to the next tick after a
 * hundred layers): about 9 % of a short list call's CPU (bench/api/cpu-ab.mjs, 2026-11-26).
 *
 * `routesFirst` moves chosen routes as far forward as that meaning allows: a route only ever
 * passes routes that cannot answer the same request (another method, another number of path
 * segments, another fixed segment). Of any two routes that can, the earlier stays earlier, so
 * every request reaches the very route it reached before.
 */

/** The part of an Express route the order depends on. */
export interface RouteLike {
  path: unknown;
  methods: Record<string, boolean | undefined>;
}

/** A layer of Express's router: a route, or middleware (which no route passes). */
export interface LayerLike {
  route?: RouteLike;
}

/** A segment that matches any one segment: a parameter such as `:id`, or one with a parameter inside. */
const ANY_SEGMENT = ':';

/** A trailing wildcard such as `*path`: one or more further segments. */
const REST = /^\*\w+$/;

/** path-to-regexp syntax for optional parts and other wildcards: such a path is taken to match anything. */
const OPEN_SYNTAX = /[*?+{}()[\]!]/;

/** A path as fixed segments (lower-cased, as Express compares them), maybe followed by a wildcard. */
interface Shape {
  segments: string[];
  rest: boolean;
}

/** Undefined when the path may match anything (a pattern this module does not read). */
function shapeOf(path: unknown): Shape | undefined {
  if (typeof path !== 'string') return undefined;
  const segments = path.split('/').filter((segment) => segment !== '');
  const rest = segments.length > 0 && REST.test(segments[segments.length - 1]);
  if (rest) segments.pop();
  if (segments.some((segment) => OPEN_SYNTAX.test(segment))) return undefined;
  return {
    segments: segments.map((segment) => (segment.includes(':') ? ANY_SEGMENT : segment.toLowerCase())),
    rest,
  };
}

/** Methods as Express matches them: a route for GET answers HEAD too. */
function methodsOf(route: RouteLike): Set<string> {
  return new Set(
    Object.keys(route.methods)
      .filter((method) => route.methods[method])
      .map((method) => (method === 'head' ? 'get' : method)),
  );
}

/** Whether some path matches both shapes. */
function shapesOverlap(a: Shape, b: Shape): boolean {
  const shared = Math.min(a.segments.length, b.segments.length);
  for (let i = 0; i < shared; i++) {
    const [x, y] = [a.segments[i], b.segments[i]];
    if (x !== ANY_SEGMENT && y !== ANY_SEGMENT && x !== y) return false;
  }
  const [shorter, longer] = a.segments.length <= b.segments.length ? [a, b] : [b, a];
  // Of equal length they may meet (a wildcard is taken to match no segment, too); else the shorter
  // one reaches the longer one's length only through its wildcard.
  return shorter.segments.length === longer.segments.length || shorter.rest;
}

/** Whether some request could be answered by both routes (when unsure: yes). */
export function mayOverlap(a: RouteLike, b: RouteLike): boolean {
  const methodsA = methodsOf(a);
  const methodsB = methodsOf(b);
  if (!methodsA.has('_all') && !methodsB.has('_all') && ![...methodsA].some((m) => methodsB.has(m)))
    return false;
  const shapeA = shapeOf(a.path);
  const shapeB = shapeOf(b.path);
  return !shapeA || !shapeB || shapesOverlap(shapeA, shapeB);
}

/** One run of consecutive routes, reordered: each chosen route as early as its overlaps allow. */
function reorderRun(run: LayerLike[], chosen: (route: RouteLike) => boolean): LayerLike[] {
  const placed = new Set<LayerLike>();
  const order: LayerLike[] = [];
  const place = (index: number): void => {
    // Every earlier route that could answer the same request must stay ahead of this one.
    for (let earlier = 0; earlier < index; earlier++) {
      if (!placed.has(run[earlier]) && mayOverlap(run[earlier].route!, run[index].route!)) place(earlier);
    }
    placed.add(run[index]);
    order.push(run[index]);
  };
  run.forEach((layer, index) => {
    if (chosen(layer.route!) && !placed.has(layer)) place(index);
  });
  return [...order, ...run.filter((layer) => !placed.has(layer))];
}

/** Reorders `stack` (Express's `app.router.stack`) in place; middleware keeps its position. */
export function routesFirst(stack: LayerLike[], chosen: (route: RouteLike) => boolean): void {
  let start = 0;
  while (start < stack.length) {
    if (!stack[start].route) {
      start++;
      continue;
    }
    let end = start;
    while (end < stack.length && stack[end].route) end++;
    stack.splice(start, end - start, ...reorderRun(stack.slice(start, end), chosen));
    start = end;
  }
}
