import type { ResourceMeta } from '../../../common/resource-meta';
import { displayText, editFields, inVocabulary, listColumns, newRecordDefaults } from './meta';
import { cellText } from './values';
import type { ResourceConfig } from './types';

/** A seminar as the server describes it, trimmed to the fields the rules below need. */
const meta: ResourceMeta = {
  name: 'veranstaltung',
  operations: { create: true, update: true, delete: true },
  display: ['titel', 'lg_id'],
  searchable: ['titel'],
  defaultOrder: [['beginn', 'DESC']],
  files: false,
  fields: [
    { name: 'id', type: 'integer', nullable: false, readOnly: true, required: false },
    { name: 'titel', type: 'text', nullable: false, readOnly: false, required: true, maxLength: 255 },
    { name: 'lg_id', type: 'text', nullable: true, readOnly: false, required: false, maxLength: 50 },
    { name: 'beschreibung', type: 'longtext', nullable: true, readOnly: false, required: false },
    {
      name: 'veranstaltung_typ_id',
      type: 'integer',
      nullable: true,
      readOnly: false,
      required: false,
      association: 'Veranstaltung_Typ',
    },
    { name: 'preis1', type: 'money', nullable: true, readOnly: false, required: false, decimals: 2 },
    {
      name: 'fachberater_stunden',
      type: 'decimal',
      nullable: false,
      readOnly: false,
      required: false,
      decimals: 2,
      default: 0,
    },
    {
      name: 'ringseminar',
      type: 'boolean',
      nullable: false,
      readOnly: false,
      required: false,
      default: false,
    },
    {
      name: 'teilnehmer_count',
      type: 'integer',
      nullable: false,
      readOnly: true,
      required: false,
      default: 0,
    },
    { name: 'data', type: 'json', nullable: true, readOnly: false, required: false },
    { name: 'createdAt', type: 'datetime', nullable: false, readOnly: true, required: false },
  ],
  associations: [
    {
      name: 'Veranstaltung_Typ',
      kind: 'to-one',
      resource: 'veranstaltung-typ',
      foreignKey: 'veranstaltung_typ_id',
      display: ['bezeichnung'],
      writable: false,
    },
    {
      name: 'Storno_Options',
      kind: 'to-many',
      resource: 'storno-option',
      display: ['titel'],
      writable: true,
    },
    {
      name: 'Veranstaltung_Events',
      kind: 'to-many',
      resource: 'veranstaltung-event',
      display: ['titel'],
      writable: false,
    },
  ],
};

const config: ResourceConfig = {
  path: '/seminare/veranstaltung',
  resource: 'veranstaltung',
  label: 'Seminare',
};

describe('edit fields from the metadata', () => {
  const fields = editFields(meta, undefined);
  const byName = Object.fromEntries(fields.map((f) => [f.name, f]));

  it('offers every editable field and the many-to-many links, never system, derived or JSON fields', () => {
    expect(fields.map((f) => f.name)).toEqual([
      'titel',
      'lg_id',
      'beschreibung',
      'veranstaltung_typ_id',
      'preis1',
      'fachberater_stunden',
      'ringseminar',
      'Storno_Options',
    ]);
  });

  it('picks the input by type: record select, amount, decimals, long text, switch, multi-select', () => {
    expect(byName.veranstaltung_typ_id).toMatchObject({
      type: 'record',
      resource: 'veranstaltung-typ',
      display: ['bezeichnung'],
    });
    expect(byName.preis1.type).toBe('amount');
    expect(byName.fachberater_stunden).toMatchObject({ type: 'number', decimals: 2, min: 0 });
    expect(byName.beschreibung.type).toBe('textarea');
    expect(byName.titel).toMatchObject({ type: 'text', maxLength: 255 });
    expect(byName.ringseminar.type).toBe('boolean');
    expect(byName.Storno_Options).toMatchObject({ type: 'records', resource: 'storno-option' });
  });

  it('follows the registry: its order, its overrides, and leaves out hidden fields', () => {
    const ordered = editFields(meta, ['lg_id', { name: 'titel', readOnly: true }, 'gibt_es_nicht']);
    expect(ordered.map((f) => [f.name, f.readOnly])).toEqual([
      ['lg_id', false],
      ['titel', true],
    ]);
    expect(editFields(meta, undefined, ['beschreibung']).map((f) => f.name)).not.toContain('beschreibung');
  });

  it('starts a new record with the column defaults, then the registry defaults', () => {
    expect(newRecordDefaults(meta, { ...config, defaults: { ringseminar: true } })).toEqual({
      fachberater_stunden: 0,
      ringseminar: true,
    });
  });
});

describe('list columns from the metadata', () => {
  it('shows a foreign key as the related record by name, through an include, sorted by the key', () => {
    const { columns, query } = listColumns(meta, { ...config, columns: [{ field: 'veranstaltung_typ_id' }] });
    expect(columns[0]).toMatchObject({
      field: 'Veranstaltung_Typ',
      type: 'record',
      sortField: 'veranstaltung_typ_id',
      display: ['bezeichnung'],
    });
    expect(query.include).toEqual([{ association: 'Veranstaltung_Typ', attributes: ['id', 'bezeichnung'] }]);
  });

  it('keeps the configured includes and adds no second one for the same association', () => {
    const include = [{ association: 'Veranstaltung_Typ', attributes: ['id', 'bezeichnung', 'kategorie'] }];
    const { query } = listColumns(meta, {
      ...config,
      columns: [{ field: 'veranstaltung_typ_id' }],
      query: { include },
    });
    expect(query.include).toEqual(include);
  });

  it('derives columns without configuration: display fields first, then short plain fields', () => {
    const { columns } = listColumns(meta, config);
    expect(columns.map((c) => c.field)).toEqual([
      'titel',
      'lg_id',
      'id',
      'Veranstaltung_Typ',
      'preis1',
      'fachberater_stunden',
      'ringseminar',
      'teilnehmer_count',
    ]);
    expect(columns.find((c) => c.field === 'preis1')?.type).toBe('amount');
  });
});

describe('displayText', () => {
  it('names a record by its display fields, the further ones in brackets', () => {
    expect(
      displayText(['anzeigename', 'kennnummer'], { id: 3, anzeigename: 'Erika Muster', kennnummer: 'K-7' }),
    ).toBe('Erika Muster (K-7)');
    expect(displayText(['anzeigename', 'kennnummer'], { id: 3, anzeigename: null, kennnummer: 'K-7' })).toBe(
      'K-7',
    );
    expect(displayText(['titel'], { id: 9, titel: '' })).toBe('#9');
  });
});

describe('forms of resources nobody edits', () => {
  it('show every plain field to be read', () => {
    const invoice: ResourceMeta = {
      ...meta,
      operations: { create: false, update: false, delete: true },
      fields: meta.fields.map((f) => ({ ...f, readOnly: true })),
      associations: meta.associations.map((a) => ({ ...a, writable: false })),
    };
    expect(editFields(invoice, undefined).map((f) => f.name)).toContain('teilnehmer_count');
  });
});

describe('keys into other contexts and stored values (issue 35)', () => {
  const typ: ResourceMeta = {
    ...meta,
    name: 'veranstaltung-typ',
    display: ['bezeichnung'],
    fields: [
      { name: 'bezeichnung', type: 'text', nullable: false, readOnly: false, required: true },
      {
        name: 'rw_vorlage_id',
        type: 'integer',
        nullable: true,
        readOnly: false,
        required: false,
        references: { resource: 'rw-vorlage', display: ['titel'] },
      },
    ],
    associations: [],
  };
  const download: ResourceMeta = {
    ...typ,
    name: 'download',
    fields: [
      {
        name: 'relation',
        type: 'enum',
        nullable: true,
        readOnly: false,
        required: false,
        values: ['Veranstaltung'],
      },
      {
        name: 'relation_id',
        type: 'integer',
        nullable: true,
        readOnly: false,
        required: false,
        referencesBy: {
          field: 'relation',
          resources: { Veranstaltung: { resource: 'veranstaltung', display: ['titel'] } },
        },
      },
    ],
  };

  it('edits a key into another context with the record picker, never as a number', () => {
    expect(editFields(typ, ['rw_vorlage_id'])[0]).toMatchObject({
      type: 'record',
      resource: 'rw-vorlage',
      display: ['titel'],
    });
    expect(editFields(download, ['relation_id'])[0]).toMatchObject({
      type: 'record',
      label: 'Datensatz',
      resourceBy: { field: 'relation', label: 'Gehört zu' },
    });
  });

  it('lists such a key by the named record, sorted by the key, without an include', () => {
    const { columns, query } = listColumns(typ, {
      path: '/seminare/typ',
      resource: 'veranstaltung-typ',
      label: 'Seminar-Typen',
      columns: [{ field: 'rw_vorlage_id', type: 'number' }],
    });
    expect(columns[0]).toMatchObject({
      field: 'rw_vorlage_id@',
      label: 'Rechnungs-Vorlage',
      type: 'record',
      sortField: 'rw_vorlage_id',
    });
    expect(query.include).toBeUndefined();
  });

  it('shows stored values in German, also of free-text fields whose usual values the vocabulary knows', () => {
    const seminar: ResourceMeta = {
      ...meta,
      fields: [{ name: 'variant', type: 'text', nullable: true, readOnly: false, required: false }],
    };
    const { columns } = listColumns(seminar, { ...config, columns: [{ field: 'variant' }] });
    expect(cellText({ id: 1, variant: 'seminar' }, columns[0])).toBe('Seminar');
    expect(cellText({ id: 1, variant: 'Sonderform' }, columns[0])).toBe('Sonderform');
    const [typ2, kategorie] = inVocabulary('rw-transaction', [
      { field: 'buchung_typ' },
      { field: 'category' },
    ]);
    expect(cellText({ buchung_typ: 'backoffice' }, typ2)).toBe('Backoffice');
    expect(cellText({ category: 'bundle' }, kategorie)).toBe('Bundle');
  });
});
