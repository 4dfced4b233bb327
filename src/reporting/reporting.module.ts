import { Module } from '@nestjs/common';
import { ResourcesModule } from '../platform/resources/resources.module';
import { reportingResources } from './reporting.resources';

@Module({
  imports: [ResourcesModule.forFeature(reportingResources)],
})
export class ReportingModule {}
