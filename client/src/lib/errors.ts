/** The error catalogue of spec 000 §8 for anything a screen does not handle itself. */
import { Intent } from '@blueprintjs/core';
import { meansLoggedOut, RequestError } from './api';
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

/**
 * A missing session was already answered by logging out (api.ts). A refusal for want of a right
 * (any other 403) and a conflict (409) show the server's reason and leave the screen as it is; the
 * rest an error alert.
 */
export function reportError(error: unknown): void {
  if (error instanceof RequestError && meansLoggedOut(error.status, error.body)) return;
  if (error instanceof RequestError && (error.status === 403 || error.status === 409)) {
    showToast(errorMessage(error), Intent.WARNING, ERROR_TOAST_MS);
    return;
  }
  console.error(error);
  showErrorToast(errorMessage(error));
}

/** The record asked for does not exist (any more): screens say so themselves (the 404 page). */
export function isNotFound(error: unknown): boolean {
  return error instanceof RequestError && error.status === 404;
}

/** For loads of one record whose screen shows the 404 page when it is missing. */
export function reportUnlessNotFound(error: unknown): void {
  if (!isNotFound(error)) reportError(error);
}

/** The server names a resource it does not know (yet) with 400 'Unbekannte Ressource "x".' */
export function isUnknownResource(error: unknown): boolean {
  return (
    error instanceof RequestError &&
    error.status === 400 &&
    (error.body?.code === 'UNKNOWN_RESOURCE' || /Unbekannte Ressource/.test(error.displayMessage))
  );
}
