/**
 * The request bodies of the seminars' own verbs (issue 27), checked by `ZodBody` with German
 * messages naming the field. Whether the Benutzer is booked, the events belong to the seminar or
 * the seminars exist is the use cases' to say.
 */
import { z } from 'zod';
import { deutsch, id, type Beschriftung } from '../../../platform/http/zod-body';
import { downloadFelder } from '../../domain/download';

/** Non-participation in events of a seminar; no events: the whole seminar. */
export const NichtTeilnahmeKoerper = z.object({
  benutzer_id: id,
  veranstaltung_id: id,
  event_ids: z
    .array(id)
    .default([])
    .transform((ids) => [...new Set(ids)]),
});

/** Undoing non-participation: the records' ids (as a list or as `{ids}`), or what was recorded. */
export const TeilnahmeKoerper = z
  .preprocess(
    (body) => (Array.isArray(body) ? { ids: body } : body),
    z.looseObject({ ids: z.array(id).optional() }),
  )
  .transform((body, ctx) => {
    if (body.ids) return { ids: body.ids };
    const aenderung = NichtTeilnahmeKoerper.safeParse(body, { error: deutsch });
    if (aenderung.success) return { aenderung: aenderung.data };
    for (const { path, message } of aenderung.error.issues) ctx.addIssue({ code: 'custom', path, message });
    return z.NEVER;
  });

export const TEILNAHME: Beschriftung = {
  resource: 'veranstaltung-nicht-teilnahme',
  labels: { event_ids: 'Termine', ids: 'IDs' },
};

/** `POST bescheinigung/seminar`: all certificates of one seminar. */
export const BescheinigungenKoerper = z.object({ veranstaltung_id: id });
export const BESCHEINIGUNGEN: Beschriftung = { resource: 'bescheinigung' };

/** `POST pdf-vorlage/render`: an invitation; the use case checks the seminars `data` names. */
export const EinladungKoerper = z.object({
  titel: z.string().nullish(),
  template_file: z.string().nullish(),
  data: z.record(z.string(), z.unknown()).nullish(),
});
export const EINLADUNG: Beschriftung = { resource: 'pdf-vorlage', labels: { data: 'Angaben' } };

/** Several downloads deleted at once, as the generic `DELETE /node/api/{resource}` takes them. */

/**
 * The `data` part of a download's upload: its fields as JSON text (multipart) or as an object,
 * read by the domain's `downloadFelder` (its German refusals of text that is no JSON object).
 */
export const DownloadDatenKoerper = z
  .union([z.string(), z.record(z.string(), z.unknown())], { error: 'müssen aus Feldern mit Werten bestehen' })
  .optional()
  .transform(downloadFelder);
export const DOWNLOAD_DATEN: Beschriftung = { ganzes: 'Angaben zur Datei', feld: 'data' };
