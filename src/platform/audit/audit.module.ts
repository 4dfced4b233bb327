import { Global, Module, type OnApplicationBootstrap } from '@nestjs/common';
import {
  DataSource,
  type EntitySubscriberInterface,
  type TransactionCommitEvent,
  type TransactionRollbackEvent,
} from 'typeorm';
import { READ_ONLY, defineResource } from '../resources/resource-definition';
import { ResourcesModule } from '../resources/resources.module';
import { AuditKettenKopf } from './audit-kettenkopf';
import { AuditPruefung } from './audit-pruefung';
import { Audit, AuditKettenKopfZeile } from './audit.entity';
import { AUDIT_ACTIONS, AuditTrail } from './audit-trail';

/** The trail is read like any resource (`GET /node/api/audit?where=…`) and written only by AuditTrail. */
export const auditResources = [
  defineResource({
    name: 'audit',
    entity: Audit,
    operations: READ_ONLY,
    searchable: ['user_name', 'resource'],
    enums: { action: AUDIT_ACTIONS },
    defaultOrder: [['id', 'DESC']],
    display: ['createdAt', 'user_name', 'action'],
  }),
];

/** Hands each transaction's audit entries to the chain just before it commits (audit-trail.ts). */
class AuditKettenAbonnent implements EntitySubscriberInterface {
  constructor(private readonly trail: AuditTrail) {}

  beforeTransactionCommit(event: TransactionCommitEvent): Promise<void> {
    return this.trail.vorCommit(event.queryRunner);
  }

  afterTransactionRollback(event: TransactionRollbackEvent): void {
    this.trail.nachRollback(event.queryRunner);
  }
}

@Global()
@Module({
  imports: [ResourcesModule.forFeature(auditResources, [AuditKettenKopfZeile])],
  providers: [AuditTrail, AuditKettenKopf, AuditPruefung],
  exports: [AuditTrail, AuditPruefung],
})
export class AuditModule implements OnApplicationBootstrap {
  constructor(
    private readonly dataSource: DataSource,
    private readonly trail: AuditTrail,
    private readonly kette: AuditKettenKopf,
  ) {
    this.dataSource.subscribers.push(new AuditKettenAbonnent(this.trail));
  }

  /** Rows written before the chain existed are chained once, before the app serves. */
  onApplicationBootstrap(): Promise<void> {
    return this.kette.altbestandNachholen(this.dataSource.manager);
  }
}
