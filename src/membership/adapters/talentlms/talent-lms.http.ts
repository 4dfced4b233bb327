import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { TalentLmsConfig } from '../../../config/env';
import { DomainError } from '../../../shared/domain-error';
import {
  TalentLms,
  type TlmsBenutzer,
  type TlmsKurs,
  type TlmsNeuerBenutzer,
  type TlmsNeuerKurs,
} from '../../application/ports/talent-lms';

/**
 * TalentLMS REST API v1: `POST {url}/api/v1/usersignup` and `/createcourse` (form fields), HTTP
 * Basic auth with the API key as user name. Errors come back as `{error: {message}}`.
 */
@Injectable()
export class TalentLmsHttp extends TalentLms {
  private readonly config: TalentLmsConfig;

  constructor(config: ConfigService) {
    super();
    this.config = config.get<TalentLmsConfig>('talentLms') ?? {};
  }

  get konfiguriert(): boolean {
    return Boolean(this.config.url && this.config.apiKey);
  }

  async registriere(b: TlmsNeuerBenutzer): Promise<TlmsBenutzer> {
    const json = await this.post(
      'usersignup',
      { first_name: b.vorname, last_name: b.nachname, email: b.email, login: b.login, password: b.passwort },
      'die Registrierung',
    );
    return { id: String(json.id), login: String(json.login ?? b.login) };
  }

  async erstelleKurs(k: TlmsNeuerKurs): Promise<TlmsKurs> {
    const felder: Record<string, string> = { name: k.name };
    if (k.beschreibung) felder.description = k.beschreibung;
    if (k.code) felder.code = k.code;
    const json = await this.post('createcourse', felder, 'das Anlegen des Kurses');
    return { id: String(json.id) };
  }

  /** A form POST to `api/v1/{call}`; a refusal names `was` was refused, with TalentLMS's reason. */
  private async post(
    call: string,
    fields: Record<string, string>,
    was: string,
  ): Promise<{ id: unknown; login?: unknown }> {
    let response: Response;
    try {
      response = await fetch(`${this.config.url!.replace(/\/$/, '')}/api/v1/${call}`, {
        method: 'POST',
        headers: {
          Authorization: `Basic ${Buffer.from(`${this.config.apiKey}:`).toString('base64')}`,
          'Content-Type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams(fields),
        signal: AbortSignal.timeout(15000),
      });
    } catch {
      throw DomainError.conflict(
        'TLMS_NICHT_ERREICHBAR',
        'TalentLMS ist nicht erreichbar. Bitte später erneut versuchen.',
      );
    }
    const json = (await response.json().catch(() => ({}))) as {
      id?: unknown;
      login?: unknown;
      error?: { message?: string };
    };
    if (!response.ok || json.id === undefined) {
      const reason = json.error?.message ?? `Status ${response.status}`;
      throw DomainError.conflict('TLMS_FEHLER', `TalentLMS hat ${was} abgelehnt: ${reason}`);
    }
    return { id: json.id, login: json.login };
  }
}
