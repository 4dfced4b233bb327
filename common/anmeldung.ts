/**
 * The code of the one 403 that means "not logged in": no session, or it has ended. Only this one
 * logs the client out (spec 000 §8); every other 403 refuses an action for want of a right and
 * carries its own code, and the client shows its German reason instead.
 */
export const NICHT_ANGEMELDET = 'NICHT_ANGEMELDET';
