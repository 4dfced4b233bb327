/** Nest configuration namespaces (one per concern) over the validated environment. */
import { registerAs } from '@nestjs/config';
import { Config } from './env';

export const configNamespaces = (config: Config) => [
  registerAs('app', () => config.app),
  registerAs('database', () => config.database),
  registerAs('mail', () => config.mail),
  registerAs('redis', () => config.redis),
  registerAs('talentLms', () => config.talentLms),
  registerAs('stbdirekt', () => config.stbdirekt),
  registerAs('newsletter', () => config.newsletter),
  registerAs('sepa', () => config.sepa),
  registerAs('sepaFormat', () => config.sepaFormat),
];
