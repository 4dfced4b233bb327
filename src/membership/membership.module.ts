import { Global, Module } from '@nestjs/common';
import { StaffDirectory } from '../platform/auth/staff-directory';
import { ResourcesModule } from '../platform/resources/resources.module';
import { BenutzerStaffDirectory } from './adapters/staff-directory.adapter';
import { EnsureAdmin } from './application/ensure-admin';
import { membershipResources } from './membership.resources';

/** Benutzer, their contacts and groups. Global because the platform's login asks it who is staff. */
@Global()
@Module({
  imports: [ResourcesModule.forFeature(membershipResources)],
  providers: [{ provide: StaffDirectory, useClass: BenutzerStaffDirectory }, EnsureAdmin],
  exports: [StaffDirectory, EnsureAdmin],
})
export class MembershipModule {}
