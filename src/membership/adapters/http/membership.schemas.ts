/**
 * The request bodies of membership's own verbs (issue 27), checked by `ZodBody` with German
 * messages naming the field. What needs the data (a merge with itself, fields that may be taken,
 * the rows of a CSV file, a password's strength) stays with the use cases and domain/.
 */
import { z } from 'zod';
import { id, type Beschriftung } from '../../../platform/http/zod-body';

/** `POST benutzer/{id}/password`. */
export const PasswortKoerper = z.object({ password: z.string() });

/** `POST Benutzer/hashPassword` (spec 000 §7): the Benutzer as `benutzer_id`, or as `id`. */
export const HashPasswortKoerper = z
  .object({ benutzer_id: id.optional(), id: id.optional(), password: z.string() })
  .superRefine((body, ctx) => {
    if (body.benutzer_id === undefined && body.id === undefined)
      ctx.addIssue({ code: 'custom', path: ['benutzer_id'], message: 'fehlt' });
  })
  .transform(({ benutzer_id, id, password }) => ({ benutzerId: (benutzer_id ?? id)!, password }));

export const BENUTZER: Beschriftung = { resource: 'benutzer', labels: { benutzer_id: 'Benutzer' } };

/** `POST benutzer-gruppe/{id}/benutzers|emails`: a list of ids, each once. */
export const IdListeKoerper = z
  .array(id)
  .min(1)
  .transform((ids) => [...new Set(ids)]);
export const ID_LISTE: Beschriftung = { ganzes: 'IDs' };

/** `POST benutzer-gruppe/{id}/csv_compare`: the fields next to the uploaded file, the wanted assignment. */
export const CsvAbgleichKoerper = z.object({ zuordnung: z.string().nullish() });
export type CsvAbgleichFelder = z.infer<typeof CsvAbgleichKoerper>;
export const CSV_ABGLEICH: Beschriftung = { labels: { zuordnung: 'Zuordnung' } };

/** `POST {benutzer|benutzer-email|benutzer-adresse|benutzer-konto}/merge`; `take` only for Benutzer. */
export const ZusammenfuehrenKoerper = z.object({
  staying_id: id,
  obsolete_id: id,
  take: z.array(z.string(), { error: 'muss eine Liste von Feldnamen sein' }).default([]),
});
export const ZUSAMMENFUEHREN: Beschriftung = {
  resource: 'benutzer',
  labels: { take: 'Übernommene Felder' },
};

/** `POST datev-import`: the field next to the uploaded file (multipart, so `true`/`false` as text). */
export const DatevImportKoerper = z.object({
  vollstaendig: z
    .union([z.boolean(), z.enum(['true', 'false'], { error: 'muss true oder false sein' })])
    .default(false)
    .transform((wert) => wert === true || wert === 'true'),
});
export type DatevImportFelder = z.output<typeof DatevImportKoerper>;
export const DATEV_IMPORT: Beschriftung = { labels: { vollstaendig: 'Vollständiger Export' } };
