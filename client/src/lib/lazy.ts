/** Screens load with their feature's chunk (React.lazy), so the first page carries only the shell. */
import { lazy, type ComponentType } from 'react';

/** A lazily loaded named export, e.g. `lazyScreen(() => import('./BenutzerEdit'), 'BenutzerEdit')`. */
export function lazyScreen<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each screen declares its own props
  return lazy(async () => ({ default: (await load())[name] as ComponentType<any> }));
}
