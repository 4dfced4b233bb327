import { Module } from '@nestjs/common';
import { ResourcesModule } from '../platform/resources/resources.module';
import { AuswertungController } from './adapters/http/auswertung.controller';
import { AuswertungAbfragen } from './adapters/persistence/auswertung-abfragen';
import { Auswertungen } from './application/auswertungen';
import { reportingResources } from './reporting.resources';

/** Evaluations (Auswertung): read-only views over the other contexts' data. */
@Module({
  imports: [ResourcesModule.forFeature(reportingResources)],
  controllers: [AuswertungController],
  providers: [AuswertungAbfragen, Auswertungen],
})
export class ReportingModule {}
