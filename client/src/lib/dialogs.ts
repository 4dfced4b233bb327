/**
 * The dialog host's store (spec 000 §2): any screen opens a dialog by name and awaits its result.
 * Names are resolved by the host from the features' slices (app/registry.ts), so that an unknown
 * name shows "dialog '{name}' not found".
 */
import { useSyncExternalStore } from 'react';

export interface DialogProps<R = unknown> {
  close(result?: R): void;
}

interface OpenDialog {
  id: number;
  name: string;
  props: Record<string, unknown>;
  /** The route (hash) it was opened on. */
  route: string;
  resolve(result: unknown): void;
}

let open: OpenDialog[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(): void {
  listeners.forEach((listener) => listener());
}

export function openDialog<R = unknown>(
  name: string,
  props: Record<string, unknown> = {},
): Promise<R | undefined> {
  return new Promise((resolve) => {
    const dialog = { id: nextId++, name, props, route: window.location.hash };
    open = [...open, { ...dialog, resolve: resolve as (result: unknown) => void }];
    emit();
  });
}

/**
 * A route change closes the dialogs opened on other routes (the browser's Back leaves no dialog
 * behind), but not one the new screen opened itself.
 */
export function closeDialogsOutside(route: string): void {
  const closing = open.filter((dialog) => dialog.route !== route);
  if (closing.length === 0) return;
  open = open.filter((dialog) => dialog.route === route);
  emit();
  closing.forEach((dialog) => dialog.resolve(undefined));
}

export function closeDialog(id: number, result?: unknown): void {
  const dialog = open.find((d) => d.id === id);
  open = open.filter((d) => d.id !== id);
  emit();
  dialog?.resolve(result);
}

export function useOpenDialogs(): OpenDialog[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => open,
  );
}

export interface ConfirmOptions {
  confirmText?: string;
  danger?: boolean;
}

/** Asks a yes/no question in the confirm dialog; resolves true only on confirmation. */
export async function confirm(message: string, options: ConfirmOptions = {}): Promise<boolean> {
  return (await openDialog<boolean>('Confirm', { message, ...options })) === true;
}
