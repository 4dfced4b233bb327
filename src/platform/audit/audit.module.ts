import { Global, Module } from '@nestjs/common';
import { READ_ONLY, defineResource } from '../resources/resource-definition';
import { ResourcesModule } from '../resources/resources.module';
import { Audit } from './audit.entity';
import { AUDIT_ACTIONS, AuditTrail } from './audit-trail';

/** The trail is read like any resource (`GET /node/api/audit?where=…`) and written only by AuditTrail. */
const audit = defineResource({
  name: 'audit',
  entity: Audit,
  operations: READ_ONLY,
  searchable: ['user_name', 'resource'],
  enums: { action: AUDIT_ACTIONS },
  defaultOrder: [['id', 'DESC']],
  display: ['createdAt', 'user_name', 'action'],
});

@Global()
@Module({
  imports: [ResourcesModule.forFeature([audit])],
  providers: [AuditTrail],
  exports: [AuditTrail],
})
export class AuditModule {}
