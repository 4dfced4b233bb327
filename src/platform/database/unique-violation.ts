import { QueryFailedError } from 'typeorm';

/** Whether the database refused a write because a unique index already holds the value (both engines). */
export function isUniqueViolation(error: unknown): boolean {
  if (!(error instanceof QueryFailedError)) return false;
  const code = String(
    (error as QueryFailedError & { driverError?: { code?: string } }).driverError?.code ?? '',
  );
  return /UNIQUE|ER_DUP_ENTRY/.test(code) || /UNIQUE constraint/.test(error.message);
}
