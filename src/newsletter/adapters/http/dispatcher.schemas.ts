/** The body of a new dispatch (issue 27), checked by `ZodBody` with German messages naming the field. */
import { z } from 'zod';
import { idFeld, type Beschriftung } from '../../../platform/http/zod-body';

const KEIN_ZEITPUNKT = 'ist kein gültiger Zeitpunkt';

/**
 * `POST newsletter-dispatcher` {newsletter_id, versand_time, …}: the other fields go to the generic
 * writer's checks. Without a time (none, null or '') the dispatch stays unplanned.
 */
export const DispatcherKoerper = z.looseObject({
  newsletter_id: idFeld('muss zuvor gespeichert werden'),
  versand_time: z
    .string({ error: KEIN_ZEITPUNKT })
    .nullish()
    .transform((wert, ctx) => {
      if (!wert) return null;
      const zeit = new Date(wert);
      if (!Number.isNaN(zeit.getTime())) return zeit;
      ctx.addIssue({ code: 'custom', message: KEIN_ZEITPUNKT });
      return z.NEVER;
    }),
});
export const DISPATCHER: Beschriftung = { resource: 'newsletter-dispatcher' };
