/**
 * The newsletter automation against in-memory ports: a due seminar gets one newsletter with its
 * groups and a planned dispatcher, a taken key makes none, and unstarted automatic dispatchers
 * follow their seminar (moved, struck, or left to a time staff set).
 */
import type { MitgliederAuskunft } from '../../membership/application/ports/mitglieder-auskunft';
import type { SeminarTermine, Termin } from '../../seminars/application/ports/seminar-termine';
import { NewsletterAutomatik } from './automatik';
import {
  AutomatikSpeicher,
  type AutoDispatcher,
  type AutoVorlage,
  type NeuerAutoNewsletter,
} from './ports/automatik-speicher';
import { VersandSpeicherInMemory } from './ports/versand-speicher.testing';
import type { VersandAuftraege } from './versand';

const JETZT = new Date('2026-03-02T09:00:00Z');
const STUNDE = 3600 * 1000;
/** Sent an hour before the start; the participants' group included, group 9 excluded. */
const VORLAGE: AutoVorlage = {
  id: 4,
  auto_typ: 'seminar',
  veranstaltung_typ_id: 2,
  data: {
    auto_minutes: 60,
    auto_titel: '{lg_id} {titel}',
    auto_betreff: 'Bald: {titel}',
    auto_teilnehmer_group: 'include',
    versand_gruppen: [3, 8],
    ausschluss_gruppen: [9],
    newsletter_absender_id: 6,
    allow_duplicate_email: true,
  },
};

const termin = (mehr: Partial<Termin> = {}): Termin => ({
  veranstaltung_id: 50,
  veranstaltung_event_id: null,
  lg_id: 'LG-1',
  titel: 'Umsatzsteuer',
  beginn: new Date(JETZT.getTime() + 3 * STUNDE),
  ausgebucht: false,
  ...mehr,
});

class AutomatikSpeicherInMemory extends AutomatikSpeicher {
  readonly angelegt: NeuerAutoNewsletter[] = [];
  readonly gestrichen: number[] = [];
  readonly verschoben: { id: number; versand_time: Date; typ_data: Record<string, unknown> }[] = [];
  readonly schluessel = new Set<string>();
  /** What the guarded writes answer (false: a dispatch started or staff changed it meanwhile). */
  schreibtDurch = true;

  constructor(
    private readonly versand: VersandSpeicherInMemory,
    readonly offene: AutoDispatcher[] = [],
  ) {
    super();
  }
  async vorlagen() {
    return [VORLAGE];
  }
  async offeneDispatcher(vorlageId: number) {
    return vorlageId === VORLAGE.id ? this.offene : [];
  }
  async streichen(id: number) {
    if (this.schreibtDurch) this.gestrichen.push(id);
    return this.schreibtDurch;
  }
  async verschieben(id: number, _alt: Date, neu: { versand_time: Date; typ_data: Record<string, unknown> }) {
    if (!this.schreibtDurch) return false;
    this.verschoben.push({ id, ...neu });
    const d = this.versand.dispatchers.get(id);
    if (d) d.versand_time = neu.versand_time;
    return true;
  }
  async schluesselVergeben(schluessel: string) {
    return this.schluessel.has(schluessel);
  }
  async anlegen(neu: NeuerAutoNewsletter) {
    this.angelegt.push(neu);
    const dispatcher_id = 100 + this.angelegt.length;
    this.versand.dispatcherAnlegen({
      id: dispatcher_id,
      newsletter_id: 200 + this.angelegt.length,
      versand_time: neu.dispatcher.versand_time,
    });
    return { newsletter_id: 200 + this.angelegt.length, dispatcher_id };
  }
}

function automatikMit({
  anstehend = [termin()],
  jetzt = new Map<number, Termin | null>(),
  offene = [] as AutoDispatcher[],
  teilnehmerGruppe = 12 as number | null,
  vorhanden = [3, 9, 12],
} = {}) {
  const versand = new VersandSpeicherInMemory(async () => undefined);
  const speicher = new AutomatikSpeicherInMemory(versand, offene);
  const geplant: [number, Date][] = [];
  const auftraege = {
    planen: async (id: number, zeit: Date) => void geplant.push([id, zeit]),
  } as unknown as VersandAuftraege;
  const gefragt: unknown[] = [];
  const mitglieder = {
    teilnehmerGruppe: async () => teilnehmerGruppe,
    vorhandeneGruppen: async (ids: number[]) => new Set(ids.filter((id) => vorhanden.includes(id))),
  } as unknown as MitgliederAuskunft;
  const termine = {
    anstehende: async (...frage: unknown[]) => (gefragt.push(frage), anstehend),
    von: async (ziel: { veranstaltung_id: number }) => jetzt.get(ziel.veranstaltung_id) ?? null,
  } as unknown as SeminarTermine;
  const automatik = new NewsletterAutomatik(speicher, versand, auftraege, mitglieder, termine);
  return { automatik, speicher, versand, geplant, gefragt };
}

const automatischer = (versandTime: Date, geplant: Date | null = versandTime): AutoDispatcher => ({
  id: 7,
  versand_time: versandTime,
  typ_data: geplant ? { auto_versand_time: geplant.toISOString(), art: 'x' } : null,
  ziel: { veranstaltung_id: 50, veranstaltung_event_id: null },
});

describe('newsletter automation', () => {
  it('makes a due seminar its newsletter with groups and dispatcher, and plans the dispatcher', async () => {
    const { automatik, speicher, geplant, gefragt } = automatikMit();
    const versandTime = new Date(JETZT.getTime() + 2 * STUNDE);
    expect(await automatik.pruefen(JETZT)).toEqual({
      angelegt: [{ newsletter_id: 201, dispatcher_id: 101, schluessel: '4-seminar-50' }],
      verschoben: [],
      gestrichen: [],
    });
    expect(gefragt).toEqual([['seminar', 2, expect.any(Date), expect.any(Date)]]);
    expect(speicher.angelegt).toEqual([
      {
        newsletter: {
          titel: 'LG-1 Umsatzsteuer',
          betreff: 'Bald: Umsatzsteuer',
          newsletter_absender_id: 6,
          newsletter_vorlagen_id: 4,
          veranstaltung_id: 50,
          veranstaltung_event_id: null,
          allow_duplicate_email: true,
          auto_schluessel: '4-seminar-50',
        },
        // Group 8 was deleted since the template was saved: left out.
        versandGruppen: [3, 12],
        ausschlussGruppen: [9],
        dispatcher: { versand_time: versandTime, typ_data: { auto_versand_time: versandTime.toISOString() } },
      },
    ]);
    expect(geplant).toEqual([[101, versandTime]]);
  });

  it('makes nothing for a seminar whose key is taken or that is not due', async () => {
    const { automatik, speicher, geplant } = automatikMit({
      anstehend: [termin(), termin({ veranstaltung_id: 51, beginn: new Date(JETZT.getTime() - STUNDE) })],
    });
    speicher.schluessel.add('4-seminar-50');
    expect((await automatik.pruefen(JETZT)).angelegt).toEqual([]);
    expect(speicher.angelegt).toEqual([]);
    expect(geplant).toEqual([]);
  });

  it('goes on without a Teilnehmer group it cannot find', async () => {
    const { automatik, speicher } = automatikMit({ teilnehmerGruppe: null });
    await automatik.pruefen(JETZT);
    expect(speicher.angelegt[0]).toMatchObject({ versandGruppen: [3], ausschlussGruppen: [9] });
  });

  it('does not plan a dispatcher staff deleted or cleared meanwhile', async () => {
    const { automatik, versand, geplant } = automatikMit();
    const planen = versand.dispatcher.bind(versand);
    versand.dispatcher = async (id) => ({ ...(await planen(id))!, versand_time: null });
    expect((await automatik.pruefen(JETZT)).angelegt).toHaveLength(1);
    expect(geplant).toEqual([]);
  });

  it('moves an unstarted dispatcher to the new send time of its seminar and plans it', async () => {
    const alt = new Date(JETZT.getTime() + 5 * STUNDE);
    const neuerBeginn = new Date(JETZT.getTime() + 4 * STUNDE);
    const neu = new Date(neuerBeginn.getTime() - STUNDE);
    const { automatik, speicher, versand, geplant } = automatikMit({
      anstehend: [],
      offene: [automatischer(alt)],
      jetzt: new Map([[50, termin({ beginn: neuerBeginn })]]),
    });
    await speicher.anlegen({ dispatcher: { versand_time: alt } } as NeuerAutoNewsletter);
    versand.dispatchers.set(7, { ...versand.dispatchers.get(101)!, id: 7 });
    expect(await automatik.pruefen(JETZT)).toEqual({ angelegt: [], verschoben: [7], gestrichen: [] });
    expect(speicher.verschoben).toEqual([
      { id: 7, versand_time: neu, typ_data: { auto_versand_time: neu.toISOString(), art: 'x' } },
    ]);
    expect(geplant).toEqual([[7, neu]]);
  });

  it('strikes an unstarted dispatcher whose seminar is now fully booked', async () => {
    const alt = new Date(JETZT.getTime() + 2 * STUNDE);
    const { automatik, speicher, geplant } = automatikMit({
      anstehend: [],
      offene: [automatischer(alt)],
      jetzt: new Map([[50, termin({ ausgebucht: true })]]),
    });
    expect(await automatik.pruefen(JETZT)).toEqual({ angelegt: [], verschoben: [], gestrichen: [7] });
    expect(speicher.gestrichen).toEqual([7]);
    expect(geplant).toEqual([]);
  });

  it('reports no change that its guarded write did not make', async () => {
    const alt = new Date(JETZT.getTime() + 5 * STUNDE);
    for (const ziel of [
      termin({ ausgebucht: true }),
      termin({ beginn: new Date(JETZT.getTime() + 4 * STUNDE) }),
    ]) {
      const { automatik, speicher } = automatikMit({
        anstehend: [],
        offene: [automatischer(alt)],
        jetzt: new Map([[50, ziel]]),
      });
      speicher.schreibtDurch = false;
      expect(await automatik.pruefen(JETZT)).toEqual({ angelegt: [], verschoben: [], gestrichen: [] });
    }
  });

  it('keeps a time staff set, a dispatcher without time, and one whose seminar is gone', async () => {
    const alt = new Date(JETZT.getTime() + 5 * STUNDE);
    const beginn = new Date(JETZT.getTime() + 4 * STUNDE);
    for (const [dispatcher, seminar] of [
      [automatischer(alt, new Date(JETZT.getTime() + 6 * STUNDE)), termin({ beginn })],
      [automatischer(alt, null), termin({ beginn })],
      [{ ...automatischer(alt), versand_time: null }, termin({ ausgebucht: true })],
      [automatischer(alt), null],
    ] as const) {
      const { automatik, speicher } = automatikMit({
        anstehend: [],
        offene: [dispatcher],
        jetzt: new Map([[50, seminar]]),
      });
      expect(await automatik.pruefen(JETZT)).toEqual({ angelegt: [], verschoben: [], gestrichen: [] });
      expect([...speicher.verschoben, ...speicher.gestrichen]).toEqual([]);
    }
  });
});
