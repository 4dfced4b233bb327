import { Global, Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { DatabaseConfig } from '../../config/env';
import { DataSource } from 'typeorm';
import { dataSourceOptions, ensureMysqlDatabase } from './data-source';
import { serializeSqliteTransactions } from './sqlite-transactions';
import { mitStartsperre } from './datenbanksperre';

/** The one database connection; migrations run at start (DESIGN.md §1), under the start lock. */
@Global()
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [ConfigService],
      useFactory: async (config: ConfigService) => {
        const database = config.getOrThrow<DatabaseConfig>('database');
        await ensureMysqlDatabase(database);
        return {
          ...dataSourceOptions(database),
          autoLoadEntities: true,
          // Run below, under the start lock: processes starting together migrate one after another.
          migrationsRun: false,
          retryAttempts: 2,
        };
      },
      dataSourceFactory: async (options) => {
        const dataSource = await new DataSource(options!).initialize();
        serializeSqliteTransactions(dataSource);
        await mitStartsperre(dataSource, () => dataSource.runMigrations());
        return dataSource;
      },
    }),
  ],
})
export class DatabaseModule {}
