/**
 * The data of a seminar-invitation PDF (spec 001 §3): per seminar its title, dates, prices and the
 * optional texts, each switched on by being a string. An empty string takes the seminar's own
 * text where it has one (the content's introduction and topics, the events' notes).
 */
import { EINLADUNG_FELDER, EINLADUNG_TEXTE } from '../../../common/seminar';
import { klartext } from '../../shared/klartext';

export interface EinladungsSeminar {
  id: number;
  titel: string;
  lg_id: string | null;
  anmeldeschluss: string | null;
  data: Record<string, unknown> | null;
  preise: { beschreibung: string; betrag: number | null }[];
  inhalt: { einfuehrung: string | null; themenuebersicht: string | null } | null;
  termine: {
    datum: string | null;
    beginn: string | null;
    ende: string | null;
    titel: string | null;
    ort: string | null;
    sonstiges: string | null;
    referenten: string[];
  }[];
}

/** The six price tiers that have a description (a description of 0 counts, spec 001 §5). */
export function preisStaffel(s: Record<string, unknown>): { beschreibung: string; betrag: number | null }[] {
  return [1, 2, 3, 4, 5, 6]
    .map((n) => ({ beschreibung: s[`preis${n}_beschreibung`], betrag: s[`preis${n}`] }))
    .filter((p) => p.beschreibung !== null && p.beschreibung !== undefined && p.beschreibung !== '')
    .map((p) => ({
      beschreibung: String(p.beschreibung),
      betrag: p.betrag == null ? null : Number(p.betrag),
    }));
}

const eigenerText = (s: EinladungsSeminar, name: string): string => {
  if (name === 'einfuehrung') return s.inhalt?.einfuehrung ?? '';
  if (name === 'themenuebersicht') return s.inhalt?.themenuebersicht ?? '';
  if (name === 'sonstiges')
    return s.termine
      .map((t) => t.sonstiges)
      .filter(Boolean)
      .join('\n');
  return '';
};

/**
 * One seminar's invitation values: the texts given for the document win over the seminar's own
 * settings (its data.seminareinladung_pdf); texts that are not strings are off (null).
 */
export function einladungsDaten(seminar: EinladungsSeminar, vorgaben: Record<string, unknown>) {
  const eigene = (seminar.data?.seminareinladung_pdf ?? {}) as Record<string, unknown>;
  const wert = (name: string) => (name in vorgaben ? vorgaben[name] : eigene[name]);
  const texte = Object.fromEntries(
    EINLADUNG_TEXTE.map((name) => {
      const v = wert(name);
      if (typeof v !== 'string') return [name, null];
      return [name, klartext(v === '' ? eigenerText(seminar, name) : v)];
    }),
  );
  const felder = Object.fromEntries(
    EINLADUNG_FELDER.map((name) => [
      name,
      typeof wert(name) === 'string' && wert(name) !== '' ? wert(name) : null,
    ]),
  );
  return {
    id: seminar.id,
    lg_id: seminar.lg_id,
    titel: (felder.seminar_titel as string | null) ?? seminar.titel,
    anmeldeschluss: seminar.anmeldeschluss,
    ...felder,
    ...texte,
    preise: seminar.preise,
    termine: seminar.termine,
  };
}
