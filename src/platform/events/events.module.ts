import { Global, Module } from '@nestjs/common';
import { Ereignisbus } from './ereignisbus';

/** One bus per app: publishers and listeners of every context meet on it. */
@Global()
@Module({ providers: [Ereignisbus], exports: [Ereignisbus] })
export class EventsModule {}
