import { Module } from '@nestjs/common';
import { ResourcesModule } from '../platform/resources/resources.module';
import { seminarsResources } from './seminars.resources';

@Module({
  imports: [ResourcesModule.forFeature(seminarsResources)],
})
export class SeminarsModule {}
