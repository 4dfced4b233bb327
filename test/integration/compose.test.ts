/**
 * Issue 31: docker-compose.yml runs as written (Docker cannot run on these machines, so the file
 * is read): app replicas publish no port and sit behind the one proxy, every service restarts,
 * the services others wait for say when they are healthy, and app and worker get every setting
 * production needs — each a setting the README documents.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

interface Service {
  image?: string;
  build?: string;
  command?: string[];
  restart?: string;
  ports?: string[];
  expose?: string[];
  environment?: Record<string, string>;
  volumes?: string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  deploy?: { replicas?: number };
}

const ROOT = join(__dirname, '..', '..');
const compose = parse(readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, Service>;
};
const { services } = compose;
const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');

describe('docker-compose.yml', () => {
  it('publishes ports only at the proxy, so app replicas never clash', () => {
    const veroeffentlicht = Object.entries(services)
      .filter(([, service]) => service.ports?.length)
      .map(([name]) => name);
    expect(veroeffentlicht).toEqual(['proxy']);
    expect(services.app.expose).toEqual(['3000']);
    expect(services.app.deploy?.replicas).toBeGreaterThan(1);
  });

  it('has the proxy reach every app replica through a config file that exists', () => {
    const datei = services.proxy.volumes?.find((v) => v.startsWith('./'))?.split(':')[0];
    expect(datei).toBeDefined();
    const config = readFileSync(join(ROOT, datei!), 'utf8');
    expect(config).toMatch(/dynamic a app 3000/);
    expect(config).toMatch(/encode .*gzip/);
  });

  it('restarts every service and checks the health of those others wait for', () => {
    for (const [name, service] of Object.entries(services)) {
      expect([name, service.restart]).toEqual([name, 'unless-stopped']);
    }
    for (const name of ['proxy', 'app', 'mariadb', 'redis']) {
      expect([name, services[name].healthcheck?.test.length]).toEqual([name, expect.any(Number)]);
    }
    for (const name of ['app', 'worker']) {
      expect(services[name].depends_on).toEqual({
        mariadb: { condition: 'service_healthy' },
        redis: { condition: 'service_healthy' },
      });
    }
    expect(services.proxy.depends_on).toEqual({ app: { condition: 'service_healthy' } });
    expect(services.app.healthcheck?.test.join(' ')).toContain('/node/health');
  });

  it('gives app and worker every setting production needs, each documented in the README', () => {
    for (const name of ['app', 'worker']) {
      const env = services[name].environment ?? {};
      for (const noetig of [
        'DATABASE_URL',
        'REDIS_URL',
        'MAIL_URL',
        'SESSION_SECRET',
        'PUBLIC_URL',
        'TRUST_PROXY',
      ])
        expect([name, noetig, env[noetig]]).toEqual([name, noetig, expect.any(String)]);
      expect(env.PUBLIC_URL).toMatch(/^https:\/\//);
      for (const variable of Object.keys(env))
        expect([variable, readme.includes(`| \`${variable}\` |`)]).toEqual([variable, true]);
    }
    expect(services.app.environment?.WORKERS).toBe('false');
    expect(services.worker.environment?.WORKERS).toBe('true');
    expect(services.worker.command).toContain('--worker');
  });

  it('builds app and worker from the Dockerfile beside it', () => {
    expect(services.app.build).toBe('.');
    expect(services.worker.build).toBe('.');
    expect(existsSync(join(ROOT, 'Dockerfile'))).toBe(true);
  });
});
