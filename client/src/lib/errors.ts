/** The error catalogue of spec 000 §8 for anything a screen does not handle itself. */
import { Intent } from '@blueprintjs/core';
import { RequestError } from './api';
import { ERROR_TOAST_MS, showErrorToast, showToast } from './toaster';

export function errorMessage(error: unknown): string {
  if (error instanceof RequestError) return error.displayMessage;
  return error instanceof Error ? error.message : String(error);
}

/** The per-field messages of a refused save (400 `{message, errors: {field: text}}`), or none. */
export function fieldErrors(error: unknown): Record<string, string> {
  const errors = error instanceof RequestError ? error.body?.errors : undefined;
  return errors && typeof errors === 'object' ? (errors as Record<string, string>) : {};
}

/** 403 was already answered by logging out (api.ts); 409 shows the server's reason; the rest an error alert. */
export function reportError(error: unknown): void {
  if (error instanceof RequestError && error.status === 403) return;
  if (error instanceof RequestError && error.status === 409) {
    showToast(errorMessage(error), Intent.WARNING, ERROR_TOAST_MS);
    return;
  }
  console.error(error);
  showErrorToast(errorMessage(error));
}

/** The server names a resource it does not know (yet) with 400 'Unbekannte Ressource "x".' */
export function isUnknownResource(error: unknown): boolean {
  return (
    error instanceof RequestError &&
    error.status === 400 &&
    (error.body?.code === 'UNKNOWN_RESOURCE' || /Unbekannte Ressource/.test(error.displayMessage))
  );
}
