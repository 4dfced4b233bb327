/**
 * The fields of the group window (spec 001 §3): which ones a type and an automatic rule show; the
 * keys of the group's data object are edited as 'data.…' fields (resources/unterfelder.ts).
 */
import { autoRegel, type RegelParameter } from '../../../../common/gruppen';

const PARAMETER_FELDER: Record<RegelParameter, string[]> = {
  bezirk: ['verband_bezirk_id'],
  berufe: ['auto_berufsbezeichnungen'],
  jahr: ['data.auto_stb_neuzugelassen_jahr'],
  abo_storno: [
    'data.auto_abo_storno_stichwort',
    'data.auto_abo_storno_date_von',
    'data.auto_abo_storno_date_bis',
  ],
};

/** The fields an automatic rule needs besides its code. */
export function regelFelder(code: unknown): string[] {
  const parameter = autoRegel(typeof code === 'string' ? code : null)?.parameter;
  return parameter ? PARAMETER_FELDER[parameter] : [];
}
