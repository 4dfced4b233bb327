/** The message bar of spec 000 §2: messages 6 s, error alerts 10 s (§9). */
import { Intent, OverlayToaster, Position, type Toaster } from '@blueprintjs/core';

export const TOAST_MS = 6000;
export const ERROR_TOAST_MS = 10000;

let toaster: Promise<Toaster> | undefined;

function getToaster(): Promise<Toaster> {
  toaster ??= OverlayToaster.create({ position: Position.TOP, maxToasts: 5 });
  return toaster;
}

export function showToast(
  message: string,
  intent: Intent = Intent.SUCCESS,
  timeout = TOAST_MS,
  action?: { text: string; onClick: () => void },
): void {
  void getToaster().then((t) => t.show({ message, intent, timeout, action }));
}

export function showErrorToast(message: string): void {
  showToast(message, Intent.DANGER, ERROR_TOAST_MS);
}
