import { Module } from '@nestjs/common';
import { ResourceController } from './resource.controller';

/** Holds only the catch-all resource routes; AppModule imports it last so specific routes match first. */
@Module({ controllers: [ResourceController] })
export class ResourceHttpModule {}
