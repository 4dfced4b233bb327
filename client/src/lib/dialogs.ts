/**
 * The dialog host's store (spec 000 §2): any screen opens a dialog by name and awaits its result.
 * Names are resolved by the host, so that an unknown name shows "dialog '{name}' not found".
 */
import { useSyncExternalStore, type ComponentType } from 'react';

export interface DialogProps<R = unknown> {
  close(result?: R): void;
}

interface OpenDialog {
  id: number;
  name: string;
  props: Record<string, unknown>;
  resolve(result: unknown): void;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each dialog declares its own props
const registry = new Map<string, ComponentType<any>>();
let open: OpenDialog[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(): void {
  listeners.forEach((listener) => listener());
}

export function registerDialog<P extends object>(
  name: string,
  component: ComponentType<P & DialogProps>,
): void {
  registry.set(name, component);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see registry
export function dialogComponent(name: string): ComponentType<any> | undefined {
  return registry.get(name);
}

export function openDialog<R = unknown>(
  name: string,
  props: Record<string, unknown> = {},
): Promise<R | undefined> {
  return new Promise((resolve) => {
    open = [...open, { id: nextId++, name, props, resolve: resolve as (result: unknown) => void }];
    emit();
  });
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
