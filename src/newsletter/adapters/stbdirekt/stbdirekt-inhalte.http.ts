import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { StbdirektConfig } from '../../../config/env';
import { StbdirektInhalte } from '../../application/ports/stbdirekt-inhalte';

/** Longer than this and the refresh counts as failed (staff are waiting on the button). */
const TIMEOUT_MS = 10_000;

/** `GET {STBDIREKT_URL}` answering the contents as a JSON object. */
@Injectable()
export class StbdirektInhalteHttp extends StbdirektInhalte {
  private readonly url?: string;

  constructor(config: ConfigService) {
    super();
    this.url = config.get<StbdirektConfig>('stbdirekt')?.url;
  }

  get konfiguriert(): boolean {
    return Boolean(this.url);
  }

  async inhalte(): Promise<Record<string, unknown>> {
    if (!this.url) throw new Error('STBDIREKT_URL ist nicht gesetzt');
    const response = await fetch(this.url, {
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`StBdirekt antwortet mit Status ${response.status}`);
    const json: unknown = await response.json();
    if (typeof json !== 'object' || json === null || Array.isArray(json))
      throw new Error('StBdirekt antwortet nicht mit einem JSON-Objekt');
    return json as Record<string, unknown>;
  }
}
