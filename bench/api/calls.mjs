/**
 * The most common list calls of the client (issue 16; two small lists added by issue 33), each
 * three ways:
 *  - `query`: the query exactly as the client sends it (lib/api.ts buildUrl: JSON-encoded values in
 *    the client's key order) — to the app, and byte for byte to the other two as well;
 *  - `floor(f, params)`: the leanest hand-written mysql2 code for the same answer, prepared once at
 *    the floor server's start (SQL text built once, as hand-written code has it in constants) and
 *    returning the request handler. One page query with LEFT JOINs for the to-one includes (for a
 *    deep page the root ids first and the joins for exactly those rows — a deferred join; on a
 *    shallow page MariaDB is faster without it), one query per to-many include for the page's ids,
 *    a COUNT(*) over the roots sent at the same time as the page on a second pool connection
 *    (`f.counted`: Promise.all);
 *  - `peer(t, params)`: plain TypeORM on the app's own entities, the usual NestJS CRUD way, fetching
 *    what the app answers: `find` with `select` of exactly the answered columns (the app's visible
 *    fields, no password hash) and the included associations' attributes, and `relations` for the
 *    includes. Counted calls: `t.findAndCount` runs that `find` and a `count` with the same `where`
 *    at the same time — not TypeORM's own findAndCount, which with `select` counts
 *    COUNT(DISTINCT <all selected columns>), and MariaDB's COUNT(DISTINCT a, b) skips every row
 *    with a NULL among them; `count` without `select` counts COUNT(1), or COUNT(DISTINCT id) when
 *    the where joins an association.
 *
 * Fixed dates: "now" is the seed's today, which lists.mjs fixes (`--seed --heute 2026-11-01`,
 * SEED_HEUTE below), so the relative filters find the same seeded rows whenever the benchmark runs. The client's time filters
 * (lib/time-filter.ts) then send: "3 Monate" → createdAt ≥ 2026-08-01T00:00Z; "Jahr 2026" → the
 * Berlin year [2025-12-31T23:00Z, 2026-12-31T23:00Z).
 *
 * `params` (chosen by lists.mjs from the seeded data): seminarId — the seminar with the most current
 * transactions; seminar18Id — the seminar whose transactions (all versions, its events' included)
 * come closest to 18; gruppeId — the group with the most members; offset500 — the offset of page 500.
 */

import { BenchError, connect } from './lib.mjs';

/** The seed's today for the bench database (src/seed/seed-context.ts `heute`). */
export const SEED_HEUTE = '2026-11-01';
const PAGE = 13; // client/src/lib/paging.ts DEFAULT_PAGE_SIZE
const THREE_MONTHS_BACK = '2026-08-01T00:00:00.000Z';
const YEAR_2026 = { $gte: '2025-12-31T23:00:00.000Z', $lt: '2026-12-31T23:00:00.000Z' };
const SEARCH = 'müller';

/** Included references of list columns (resources/meta.ts listColumns: attributes id + display). */
const BENUTZER_REF = ['id', 'anzeigename', 'kennnummer'];
/**
 * The floor selects in the answer's key order, so that its JSON is the app's byte for byte: the app
 * answers the fields of a record, and its includes, in the entity's declaration order.
 */
const BENUTZER_REF_KEYS = ['id', 'kennnummer', 'anzeigename'];
const benutzerListInclude = [
  { association: 'Primaeremail', attributes: ['id', 'email'] }, // features/membership/index.tsx query
  { association: 'Parent', attributes: BENUTZER_REF }, // column parent_id
];
/** The Benutzer searchable fields (src/membership/membership.resources.ts), as the search box uses them. */
const BENUTZER_SEARCH = ['kennnummer', 'vorname', 'nachname', 'firma', 'anzeigename', 'benutzername'];
/** 'Aktuelle Vorgänge' columns benutzer_id, rw_rechnung_id, warenkorb_id (features/billing/index.tsx). */
const vorgangInclude = [
  { association: 'Benutzer', attributes: BENUTZER_REF },
  { association: 'RW_Rechnung', attributes: ['id', 'rechnungs_nr'] },
  { association: 'Warenkorb', attributes: ['id', 'id'] }, // display ['id'] → ['id', 'id'], as sent
];

/** `%text%` with the client's escape character '!' (components/inputs/RecordSelect.tsx). */
const contains = (text) => `%${text.replace(/[!%_]/g, (c) => `!${c}`)}%`;

/** The Benutzer list page as ResourceList sends it (keys: include, where, order, search, limit, offset, count). */
const benutzerPage = (offset, search) => ({
  include: benutzerListInclude,
  order: [['id', 'DESC']],
  search,
  limit: PAGE,
  offset,
  count: true,
});

/**
 * A page the hand-written way (parameters: the filter's, then limit and offset). `deep`: the root ids
 * filtered, ordered and limited first, then the to-one includes joined for exactly those rows (so
 * the skipped rows are never joined); otherwise one plain query, which MariaDB runs faster on a
 * shallow page (it walks the primary key backwards and stops after the page).
 */
const pageSql = ({ select, table, filterJoins = '', where, order, joins, deep = false }) =>
  deep
    ? `SELECT ${select}
       FROM (SELECT r.id FROM ${table} r ${filterJoins} ${where ? `WHERE ${where}` : ''}
             ORDER BY ${order} LIMIT ? OFFSET ?) page
       JOIN ${table} r ON r.id = page.id
       ${joins}
       ORDER BY ${order}`
    : `SELECT ${select} FROM ${table} r ${joins} ${where ? `WHERE ${where}` : ''}
       ORDER BY ${order} LIMIT ? OFFSET ?`;

/** Floor SQL of the Benutzer list with its two to-one includes. */
const benutzerListSql = (f, where, deep = false) =>
  pageSql({
    deep,
    select: `${f.cols('r', 'benutzer')}, ${f.pick('pe', ['id', 'email'])}, ${f.pick('p', BENUTZER_REF_KEYS)}`,
    table: 'benutzer',
    // The search looks into the primary e-mail too.
    filterJoins: where ? 'LEFT JOIN benutzer_email pe ON pe.id = r.primaeremail_id' : '',
    where,
    order: 'r.id DESC',
    joins: `LEFT JOIN benutzer_email pe ON pe.id = r.primaeremail_id
            LEFT JOIN benutzer p ON p.id = r.parent_id`,
  });
const benutzerListOne = { p: 'Parent', pe: 'Primaeremail' };

/** Peer: the Benutzer's answered columns and the same includes as TypeORM relations. */
const benutzerListPeer = (t) => ({
  select: { ...t.cols('benutzer'), Primaeremail: t.pick(['id', 'email']), Parent: t.pick(BENUTZER_REF) },
  relations: { Primaeremail: true, Parent: true },
});

const searchSql = `(${[...BENUTZER_SEARCH.map((c) => `r.${c}`), 'pe.email']
  .map((c) => `${c} LIKE ? ESCAPE '!'`)
  .join(' OR ')})`;
const searchParams = () => Array(BENUTZER_SEARCH.length + 1).fill(contains(SEARCH));

const vorgangSelect = (f) =>
  `${f.cols('r', 'rw_transaction')}, ${f.pick('b', BENUTZER_REF_KEYS)}, ${f.pick('rr', ['id', 'rechnungs_nr'])}, ${f.pick('w', ['id'])}`;
const vorgangJoins = `
  LEFT JOIN benutzer b ON b.id = r.benutzer_id
  LEFT JOIN rw_rechnung rr ON rr.id = r.rw_rechnung_id
  LEFT JOIN warenkorb w ON w.id = r.warenkorb_id`;
const vorgangOne = { b: 'Benutzer', w: 'Warenkorb', rr: 'RW_Rechnung' };
const vorgangPeer = (t) => ({
  select: {
    ...t.cols('rw_transaction'),
    Benutzer: t.pick(BENUTZER_REF),
    RW_Rechnung: t.pick(['id', 'rechnungs_nr']),
    Warenkorb: t.pick(['id']),
  },
  relations: { Benutzer: true, RW_Rechnung: true, Warenkorb: true },
});

/**
 * The seminar billing's tab 'Mitglieder / Vorgänge' (features/billing/Abrechnung.tsx `Mitglieder`):
 * the seminar's transactions and its events' (billing/abrechnung.ts objektWhere with events), the
 * columns the tab needs and the booking Benutzer. The client adds `scope: 'aktuell'`; left out here,
 * every version of every booking comes (superseded and cancelled ones too): the seed books at most
 * ten per seminar, and issue 33 asks for a seminar list of about 18 rows.
 */
const SEMINAR_ROWS = 18;
const MITGLIEDER_ATTRIBUTES = [
  'id',
  'benutzer_id',
  'betrag',
  'verifiziert',
  'storno',
  'child_id',
  'rw_rechnung_id',
];
/** The same in the answer's key order (the floor's SELECT; see BENUTZER_REF_KEYS). */
const MITGLIEDER_KEYS = [
  'id',
  'child_id',
  'betrag',
  'verifiziert',
  'storno',
  'rw_rechnung_id',
  'benutzer_id',
];

export const CALLS = [
  {
    key: 'benutzer-1',
    label: 'Benutzer Seite 1 (count)',
    resource: 'benutzer',
    query: () => benutzerPage(0),
    floor: (f) => {
      const count = f.count('SELECT COUNT(*) AS n FROM benutzer');
      const page = f.rows(benutzerListSql(f), 'benutzer', benutzerListOne);
      return () => f.counted(count(), page([PAGE, 0]));
    },
    peer: (t) =>
      t.findAndCount('Benutzer', { ...benutzerListPeer(t), order: { id: 'DESC' }, skip: 0, take: PAGE }),
  },
  {
    key: 'benutzer-500',
    label: 'Benutzer Seite 500 (count)',
    resource: 'benutzer',
    query: (p) => benutzerPage(p.offset500),
    floor: (f, p) => {
      const count = f.count('SELECT COUNT(*) AS n FROM benutzer');
      const page = f.rows(benutzerListSql(f, '', true), 'benutzer', benutzerListOne);
      return () => f.counted(count(), page([PAGE, p.offset500]));
    },
    peer: (t, p) =>
      t.findAndCount('Benutzer', {
        ...benutzerListPeer(t),
        order: { id: 'DESC' },
        skip: p.offset500,
        take: PAGE,
      }),
  },
  {
    key: 'suche',
    label: `Suche "${SEARCH}" (count)`,
    resource: 'benutzer',
    // The toolbar search of the Benutzer list: the server looks in name, firma, kennnummer and the
    // primary e-mail with $like (all words must match one of them).
    query: () => benutzerPage(0, SEARCH),
    floor: (f) => {
      const count = f.count(
        `SELECT COUNT(*) AS n FROM benutzer r LEFT JOIN benutzer_email pe ON pe.id = r.primaeremail_id WHERE ${searchSql}`,
      );
      const page = f.rows(benutzerListSql(f, searchSql), 'benutzer', benutzerListOne);
      return () => f.counted(count(searchParams()), page([...searchParams(), PAGE, 0]));
    },
    peer: (t) =>
      t.findAndCount('Benutzer', {
        ...benutzerListPeer(t),
        where: [
          ...BENUTZER_SEARCH.map((c) => ({ [c]: t.Like(contains(SEARCH)) })),
          { Primaeremail: { email: t.Like(contains(SEARCH)) } },
        ],
        order: { id: 'DESC' },
        skip: 0,
        take: PAGE,
      }),
  },
  {
    key: 'emails',
    label: 'Benutzer + Benutzer_Emails (count)',
    resource: 'benutzer',
    // Page 1 with all e-mails of each Benutzer (spec 001 §7: "GET /api/benutzer … include of Benutzer_Emails").
    query: () => ({ include: ['Benutzer_Emails'], order: [['sortname', 'ASC']], limit: PAGE, count: true }),
    floor: (f) => {
      const count = f.count('SELECT COUNT(*) AS n FROM benutzer');
      const page = f.rows(
        `SELECT ${f.cols('r', 'benutzer')} FROM benutzer r ORDER BY r.sortname ASC, r.id ASC LIMIT ?`,
        'benutzer',
      );
      const emails = f.children('Benutzer_Emails', {
        select: f.cols('c', 'benutzer_email'),
        from: 'benutzer_email c',
        fk: 'benutzer_id',
        table: 'benutzer_email',
      });
      return () => f.counted(count(), page([PAGE]).then(emails));
    },
    peer: (t) =>
      t.findAndCount('Benutzer', {
        select: { ...t.cols('benutzer'), Benutzer_Emails: t.cols('benutzer_email') },
        relations: { Benutzer_Emails: true },
        order: { sortname: 'ASC', id: 'ASC' },
        take: PAGE,
      }),
  },
  {
    key: 'seminare-jahr',
    label: 'Seminare 2026 + Veranstaltungen',
    resource: 'veranstaltung',
    // The seminar list (features/seminars/index.tsx) for "Jahr 2026", all of the year, with their
    // events (display fields), as a seminar picker of the Abo and evaluation screens loads them.
    query: () => ({
      include: [
        { association: 'Veranstaltung_Typ', attributes: ['id', 'bezeichnung'] },
        { association: 'Veranstaltung_Events', attributes: ['id', 'titel', 'datum', 'lg_id'] },
      ],
      where: { beginn: YEAR_2026 },
      order: [['beginn', 'ASC']],
    }),
    floor: (f) => {
      const seminare = f.rows(
        `SELECT ${f.cols('r', 'veranstaltung')}, ${f.pick('t', ['id', 'bezeichnung'])}
         FROM veranstaltung r LEFT JOIN veranstaltung_typ t ON t.id = r.veranstaltung_typ_id
         WHERE r.beginn >= ? AND r.beginn < ? ORDER BY r.beginn ASC, r.id ASC`,
        'veranstaltung',
        { t: 'Veranstaltung_Typ' },
      );
      const events = f.children('Veranstaltung_Events', {
        select: f.pick('c', ['id', 'lg_id', 'titel', 'datum']),
        from: 'veranstaltung_event c',
        fk: 'veranstaltung_id',
        table: 'veranstaltung_event',
      });
      const year = [new Date(YEAR_2026.$gte), new Date(YEAR_2026.$lt)];
      return () => seminare(year).then(events);
    },
    peer: (t) =>
      t.find('Veranstaltung', {
        select: {
          ...t.cols('veranstaltung'),
          Veranstaltung_Typ: t.pick(['id', 'bezeichnung']),
          Veranstaltung_Events: t.pick(['id', 'titel', 'datum', 'lg_id']),
        },
        relations: { Veranstaltung_Typ: true, Veranstaltung_Events: true },
        where: {
          beginn: t.And(t.MoreThanOrEqual(new Date(YEAR_2026.$gte)), t.LessThan(new Date(YEAR_2026.$lt))),
        },
        order: { beginn: 'ASC', id: 'ASC' },
      }),
  },
  {
    key: 'seminar-vorgaenge',
    label: 'Vorgänge eines Seminars',
    resource: 'rw-transaction',
    // The 'Vorgänge' of a seminar's billing: its current transactions (child_id null), all of them,
    // with the columns of the 'Aktuelle Vorgänge' list.
    query: (p) => ({
      include: vorgangInclude,
      where: { veranstaltung_id: p.seminarId, child_id: null },
      order: [['id', 'DESC']],
    }),
    floor: (f, p) => {
      const rows = f.rows(
        `SELECT ${vorgangSelect(f)} FROM rw_transaction r ${vorgangJoins}
         WHERE r.veranstaltung_id = ? AND r.child_id IS NULL ORDER BY r.id DESC`,
        'rw_transaction',
        vorgangOne,
      );
      return () => rows([p.seminarId]);
    },
    peer: (t, p) =>
      t.find('RwTransaction', {
        ...vorgangPeer(t),
        where: { veranstaltung_id: p.seminarId, child_id: t.IsNull() },
        order: { id: 'DESC' },
      }),
  },
  {
    key: 'seminar-vorgaenge-18',
    label: `Alle Vorgänge eines Seminars (~${SEMINAR_ROWS})`,
    resource: 'rw-transaction',
    // See SEMINAR_ROWS above: the tab's query (`objektVorgaenge`, features/billing/abrechnung.ts)
    // without its `aktuell`, on the seminar whose rows come closest to 18: the named filter
    // seminar:{id}, which looks up the seminar's events and ORs the two indexed columns. No order:
    // the resource's default (buchung_time DESC, then id).
    query: (p) => ({
      where: { category: 'seminare' },
      scope: `seminar:${p.seminar18Id}`,
      attributes: MITGLIEDER_ATTRIBUTES,
      include: [{ association: 'Benutzer', attributes: BENUTZER_REF }],
      limit: 1000,
    }),
    floor: (f, p) => {
      const events = f.rows(
        'SELECT r.id FROM veranstaltung_event r WHERE r.veranstaltung_id = ?',
        'veranstaltung_event',
      );
      const vorgaenge = (bedingung) =>
        f.rows(
          `SELECT ${f.pick('r', MITGLIEDER_KEYS)}, ${f.pick('b', BENUTZER_REF_KEYS)}
           FROM rw_transaction r
           LEFT JOIN benutzer b ON b.id = r.benutzer_id
           WHERE r.category = 'seminare' AND ${bedingung}
           ORDER BY r.buchung_time DESC, r.id ASC LIMIT 1000`,
          'rw_transaction',
          { b: 'Benutzer' },
        );
      const eigene = vorgaenge('r.veranstaltung_id = ?');
      const mitEvents = vorgaenge('(r.veranstaltung_id = ? OR r.veranstaltung_event_id IN (?))');
      return async () => {
        const ids = (await events([p.seminar18Id])).map((e) => e.id);
        return ids.length ? mitEvents([p.seminar18Id, ids]) : eigene([p.seminar18Id]);
      };
    },
    peer: async (t, p) => {
      const ids = (
        await t.find('VeranstaltungEvent', {
          select: { id: true },
          where: { veranstaltung_id: p.seminar18Id },
        })
      ).map((e) => e.id);
      return t.find('RwTransaction', {
        select: { ...t.pick(MITGLIEDER_ATTRIBUTES), Benutzer: t.pick(BENUTZER_REF) },
        relations: { Benutzer: true },
        where: [
          { category: 'seminare', veranstaltung_id: p.seminar18Id },
          ...(ids.length ? [{ category: 'seminare', veranstaltung_event_id: t.In(ids) }] : []),
        ],
        order: { buchung_time: 'DESC', id: 'ASC' },
        // No `take: 1000`: with joins TypeORM pages through a DISTINCT subquery that wants the order
        // column selected ("Unknown column 'distinctAlias.RwTransaction_buchung_time'"); the
        // seminar has far fewer rows, so its answer is the same.
      });
    },
  },
  {
    key: 'rechnungen',
    label: 'Rechnungen 3 Monate (count)',
    resource: 'rw-rechnung',
    // 'Rechnungs-Übersicht' (features/billing/index.tsx), time filter "3 Monate", page 1.
    query: () => ({
      include: [
        { association: 'Benutzer', attributes: BENUTZER_REF },
        { association: 'Storno', attributes: ['id', 'rechnungs_nr'] },
        { association: 'Storno_Parent', attributes: ['id', 'rechnungs_nr'] },
      ],
      where: { createdAt: { $gte: THREE_MONTHS_BACK } },
      order: [['id', 'DESC']],
      limit: PAGE,
      offset: 0,
      count: true,
    }),
    floor: (f) => {
      const count = f.count('SELECT COUNT(*) AS n FROM rw_rechnung WHERE createdAt >= ?');
      const page = f.rows(
        pageSql({
          select: `${f.cols('r', 'rw_rechnung')}, ${f.pick('b', BENUTZER_REF_KEYS)},
                   ${f.pick('s', ['id', 'rechnungs_nr'])}, ${f.pick('sp', ['id', 'rechnungs_nr'])}`,
          table: 'rw_rechnung',
          where: 'r.createdAt >= ?',
          order: 'r.id DESC',
          joins: `LEFT JOIN benutzer b ON b.id = r.benutzer_id
                  LEFT JOIN rw_rechnung s ON s.id = r.storno_id
                  LEFT JOIN rw_rechnung sp ON sp.id = r.storno_parent_id`,
        }),
        'rw_rechnung',
        { b: 'Benutzer', s: 'Storno', sp: 'Storno_Parent' },
      );
      const since = new Date(THREE_MONTHS_BACK);
      return () => f.counted(count([since]), page([since, PAGE, 0]));
    },
    peer: (t) =>
      t.findAndCount('RwRechnung', {
        select: {
          ...t.cols('rw_rechnung'),
          Benutzer: t.pick(BENUTZER_REF),
          Storno: t.pick(['id', 'rechnungs_nr']),
          Storno_Parent: t.pick(['id', 'rechnungs_nr']),
        },
        relations: { Benutzer: true, Storno: true, Storno_Parent: true },
        where: { createdAt: t.MoreThanOrEqual(new Date(THREE_MONTHS_BACK)) },
        order: { id: 'DESC' },
        skip: 0,
        take: PAGE,
      }),
  },
  {
    key: 'gruppe',
    label: 'Mitglieder einer Gruppe (count)',
    resource: 'benutzer-benutzer-gruppe',
    // The group's Benutzer tab (features/membership/GruppenMitglieder.tsx, a ResourceList): the
    // links of the biggest group with each Benutzer and its primary e-mail, newest first.
    query: (p) => ({
      include: [
        {
          association: 'Benutzer',
          attributes: ['id', 'kennnummer', 'anzeigename'],
          include: [{ association: 'Primaeremail', attributes: ['id', 'email'] }],
        },
      ],
      where: { benutzer_gruppe_id: p.gruppeId },
      order: [['id', 'DESC']],
      limit: PAGE,
      offset: 0,
      count: true,
    }),
    floor: (f, p) => {
      const count = f.count(
        'SELECT COUNT(*) AS n FROM benutzer_benutzer_gruppe WHERE benutzer_gruppe_id = ?',
      );
      const page = f.rows(
        pageSql({
          select: `${f.cols('r', 'benutzer_benutzer_gruppe')}, ${f.pick('b', ['id', 'kennnummer', 'anzeigename'])}, ${f.pick('pe', ['id', 'email'])}`,
          table: 'benutzer_benutzer_gruppe',
          where: 'r.benutzer_gruppe_id = ?',
          order: 'r.id DESC',
          joins: `LEFT JOIN benutzer b ON b.id = r.benutzer_id
                  LEFT JOIN benutzer_email pe ON pe.id = b.primaeremail_id`,
        }),
        'benutzer_benutzer_gruppe',
        { b: 'Benutzer', pe: 'Benutzer.Primaeremail' },
      );
      return () => f.counted(count([p.gruppeId]), page([p.gruppeId, PAGE, 0]));
    },
    peer: (t, p) =>
      t.findAndCount('BenutzerBenutzerGruppe', {
        select: {
          ...t.cols('benutzer_benutzer_gruppe'),
          Benutzer: { ...t.pick(['id', 'kennnummer', 'anzeigename']), Primaeremail: t.pick(['id', 'email']) },
        },
        relations: { Benutzer: { Primaeremail: true } },
        where: { benutzer_gruppe_id: p.gruppeId },
        order: { id: 'DESC' },
        skip: 0,
        take: PAGE,
      }),
  },
  {
    key: 'vorgaenge',
    label: 'Aktuelle Vorgänge (count)',
    resource: 'rw-transaction',
    // features/billing/index.tsx 'vorgaenge': the named filter `scope: 'aktuell'` (child_id null,
    // not cancelled) and the default time filter (3 months on buchung_time).
    query: () => ({
      include: vorgangInclude,
      scope: 'aktuell',
      where: { buchung_time: { $gte: THREE_MONTHS_BACK } },
      order: [['id', 'DESC']],
      limit: PAGE,
      offset: 0,
      count: true,
    }),
    floor: (f) => {
      const where = 'r.child_id IS NULL AND r.storno = 0 AND r.buchung_time >= ?';
      const count = f.count(`SELECT COUNT(*) AS n FROM rw_transaction r WHERE ${where}`);
      const page = f.rows(
        pageSql({
          select: vorgangSelect(f),
          table: 'rw_transaction',
          where,
          order: 'r.id DESC',
          joins: vorgangJoins,
        }),
        'rw_transaction',
        vorgangOne,
      );
      const since = new Date(THREE_MONTHS_BACK);
      return () => f.counted(count([since]), page([since, PAGE, 0]));
    },
    peer: (t) =>
      t.findAndCount('RwTransaction', {
        ...vorgangPeer(t),
        where: {
          child_id: t.IsNull(),
          storno: false,
          buchung_time: t.MoreThanOrEqual(new Date(THREE_MONTHS_BACK)),
        },
        order: { id: 'DESC' },
        skip: 0,
        take: PAGE,
      }),
  },
  {
    key: 'auswahl',
    label: `Benutzer-Auswahl "${SEARCH}"`,
    resource: 'benutzer',
    // A record select for a Benutzer (components/FieldForm.tsx → inputs/RecordSelect.tsx): $like on
    // the display fields, sorted by the first, 20 candidates.
    query: () => ({
      order: [['anzeigename', 'ASC']],
      where: {
        $or: ['anzeigename', 'kennnummer'].map((field) => ({ [field]: { $like: contains(SEARCH) } })),
      },
      limit: 20,
    }),
    floor: (f) => {
      const rows = f.rows(
        `SELECT ${f.cols('r', 'benutzer')} FROM benutzer r
         WHERE r.anzeigename LIKE ? ESCAPE '!' OR r.kennnummer LIKE ? ESCAPE '!'
         ORDER BY r.anzeigename ASC, r.id ASC LIMIT 20`,
        'benutzer',
      );
      return () => rows([contains(SEARCH), contains(SEARCH)]);
    },
    peer: (t) =>
      t.find('Benutzer', {
        select: t.cols('benutzer'),
        where: [{ anzeigename: t.Like(contains(SEARCH)) }, { kennnummer: t.Like(contains(SEARCH)) }],
        order: { anzeigename: 'ASC', id: 'ASC' },
        take: 20,
      }),
  },
  {
    key: 'orte',
    label: 'Orte (count)',
    resource: 'veranstaltung-ort',
    // The seminar rooms' list 'Orte' (features/seminars/index.tsx, a ResourceList with no time
    // filter, no references and its default sort id DESC): all 8 rooms of the seed on page 1.
    query: () => ({ order: [['id', 'DESC']], limit: PAGE, offset: 0, count: true }),
    floor: (f) => {
      const count = f.count('SELECT COUNT(*) AS n FROM veranstaltung_ort');
      const page = f.rows(
        `SELECT ${f.cols('r', 'veranstaltung_ort')} FROM veranstaltung_ort r ORDER BY r.id DESC LIMIT ? OFFSET ?`,
        'veranstaltung_ort',
      );
      return () => f.counted(count(), page([PAGE, 0]));
    },
    peer: (t) =>
      t.findAndCount('VeranstaltungOrt', {
        select: t.cols('veranstaltung_ort'),
        order: { id: 'DESC' },
        skip: 0,
        take: PAGE,
      }),
  },
];

/** The URL the client builds (lib/api.ts buildUrl): undefined left out, objects JSON-encoded. */
export function clientUrl(call, params) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(call.query(params))) {
    if (value === undefined) continue;
    search.set(key, typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value));
  }
  const query = search.toString();
  return `/node/api/${call.resource}${query ? `?${query}` : ''}`;
}

/** The call of each URL, for the floor and peer servers (they answer the client's exact URLs). */
export function callsByUrl(params) {
  return new Map(CALLS.map((call) => [clientUrl(call, params), call]));
}

/** Ids the calls need, from the seeded data (see calls.mjs). */
export async function chooseParams(db) {
  const connection = await connect(db, { withDatabase: true });
  try {
    const one = async (sql) => (await connection.query(sql))[0][0];
    const gruppe = await one(
      'SELECT benutzer_gruppe_id AS id FROM benutzer_benutzer_gruppe GROUP BY benutzer_gruppe_id ORDER BY COUNT(*) DESC, benutzer_gruppe_id LIMIT 1',
    );
    const seminar = await one(
      'SELECT veranstaltung_id AS id FROM rw_transaction WHERE child_id IS NULL AND veranstaltung_id IS NOT NULL GROUP BY veranstaltung_id ORDER BY COUNT(*) DESC, veranstaltung_id LIMIT 1',
    );
    // The seminar whose 'Mitglieder / Vorgänge' rows without scope (SEMINAR_ROWS) come closest to 18.
    const seminar18 = await one(
      `SELECT COALESCE(r.veranstaltung_id, e.veranstaltung_id) AS id
       FROM rw_transaction r LEFT JOIN veranstaltung_event e ON e.id = r.veranstaltung_event_id
       WHERE r.category = 'seminare' AND COALESCE(r.veranstaltung_id, e.veranstaltung_id) IS NOT NULL
       GROUP BY 1 ORDER BY ABS(COUNT(*) - ${SEMINAR_ROWS}), COUNT(*) DESC, 1 LIMIT 1`,
    );
    const { n } = await one('SELECT COUNT(*) AS n FROM benutzer');
    if (!gruppe || !seminar || !seminar18)
      throw new BenchError('Die Seed-Daten haben keine Gruppe oder keinen Vorgang: --reseed');
    const page500 = Math.min(500, Math.ceil(Number(n) / PAGE));
    const sizes = {};
    for (const table of [
      'benutzer',
      'benutzer_email',
      'benutzer_benutzer_gruppe',
      'veranstaltung',
      'veranstaltung_event',
      'rw_transaction',
      'rw_rechnung',
      'veranstaltung_ort',
    ]) {
      sizes[table] = Number((await one(`SELECT COUNT(*) AS n FROM ${table}`)).n);
    }
    return {
      gruppeId: gruppe.id,
      seminarId: seminar.id,
      seminar18Id: seminar18.id,
      page500,
      offset500: (page500 - 1) * PAGE,
      sizes,
    };
  } finally {
    await connection.end();
  }
}
