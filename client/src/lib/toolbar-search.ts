/** The toolbar's search box belongs to the list page on screen (spec 000 §2); lists register here. */
import { useEffect, useSyncExternalStore } from 'react';

export interface SearchBinding {
  value: string;
  onChange(value: string): void;
}

let binding: SearchBinding | null = null;
const listeners = new Set<() => void>();

function set(next: SearchBinding | null): void {
  binding = next;
  listeners.forEach((listener) => listener());
}

export function useToolbarSearchBinding(): SearchBinding | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => binding,
  );
}

/** Called by a list: shows the search box while the list is mounted. */
export function useToolbarSearch(value: string, onChange: (value: string) => void): void {
  useEffect(() => {
    set({ value, onChange });
  }, [value, onChange]);
  useEffect(() => () => set(null), []);
}
