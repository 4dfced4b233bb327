/**
 * Staff read every stored value in German (issue 35): a walk over the metadata of every resource
 * the app registers, as `GET /node/meta/{resource}` answers it, that fails on an enum value
 * without a German label, and on a key of another record that the screens could only show as a
 * number (no association and no reference to a resource).
 */
import { DataSource } from 'typeorm';
import { enumLabels } from '../common/vocabulary';
import { billingResources } from './billing/billing.resources';
import { membershipResources } from './membership/membership.resources';
import { newsletterResources } from './newsletter/newsletter.resources';
import { auditResources } from './platform/audit/audit.module';
import { ResourceMetaService } from './platform/resources/resource-meta';
import { ResourceRegistry } from './platform/resources/resource-registry';
import type { ResourceDefinition } from './platform/resources/resource-definition';
import { promotionsResources } from './promotions/promotions.resources';
import { reportingResources } from './reporting/reporting.resources';
import { seminarsResources } from './seminars/seminars.resources';

const DEFINITIONS: ResourceDefinition[] = [
  ...auditResources,
  ...membershipResources,
  ...seminarsResources,
  ...newsletterResources,
  ...promotionsResources,
  ...billingResources,
  ...reportingResources,
] as ResourceDefinition[];

/** Ids of other systems or of no single resource: numbers, not records of this app. */
const NOT_RECORDS = new Set([
  'audit.user_id',
  'audit.record_id',
  'veranstaltung.lg_id',
  'veranstaltung-event.lg_id',
  'veranstaltung-ort.raum_id',
  // The public buyer's routing id of an e-invoice (XRechnung BT-10), a text.
  'rw-bezahloption.leitweg_id',
]);

describe('the metadata of every resource in German', () => {
  let dataSource: DataSource;
  let service: ResourceMetaService;
  const registry = new ResourceRegistry();

  beforeAll(async () => {
    registry.register(DEFINITIONS);
    dataSource = new DataSource({
      type: 'better-sqlite3',
      database: ':memory:',
      entities: [__dirname + '/**/*.entity.ts'],
    });
    await dataSource.initialize();
    service = new ResourceMetaService(dataSource, registry);
  });
  afterAll(() => dataSource?.destroy());

  it('labels every value of every enum field', () => {
    const missing = registry.names().flatMap((name) =>
      service
        .meta(name)
        .fields.filter((field) => field.type === 'enum')
        .flatMap((field) =>
          (field.values ?? [])
            .filter((value) => !enumLabels(name, field.name)?.[value])
            .map((value) => `${name}.${field.name}=${value}`),
        ),
    );
    expect(missing).toEqual([]);
  });

  it('declares the closed sets that are free text in the database, so the labels above cover them', () => {
    const closed = [
      ['veranstaltung', 'variant'],
      ['pdf-vorlage', 'typ'],
      ['rw-transaction', 'buchung_typ'],
      ['rw-abrechnung-log', 'type'],
      ['warenkorb', 'status'],
      ['newsletter', 'bearbeitungsstatus'],
      ['newsletter-dispatcher', 'typ'],
    ];
    const free = closed.filter(
      ([name, field]) => service.meta(name).fields.find((f) => f.name === field)?.type !== 'enum',
    );
    expect(free).toEqual([]);
  });

  it('knows the record behind every key, so that forms pick it and lists name it', () => {
    const numbers = registry.names().flatMap((name) =>
      service
        .meta(name)
        .fields.filter(
          (field) =>
            field.name.endsWith('_id') &&
            !field.association &&
            !field.references &&
            !field.referencesBy &&
            !NOT_RECORDS.has(`${name}.${field.name}`),
        )
        .map((field) => `${name}.${field.name}`),
    );
    expect(numbers).toEqual([]);
  });
});
