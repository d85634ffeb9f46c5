import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { SERVER_SETTINGS } from '../server/db/server-settings.ts';

// No Docker engine runs here, so the production compose file is kept honest by reading it
// (with YAML merge keys resolved, as Compose does).
interface Service {
  image?: string;
  build?: { context?: string; dockerfile?: string; target?: string; args?: Record<string, string> } | string;
  command?: string | string[];
  env_file?: string | string[];
  environment?: Record<string, string> | string[];
  depends_on?: Record<string, { condition?: string }>;
  healthcheck?: { test?: string | string[]; interval?: string; retries?: number };
  volumes?: string[];
  ports?: string[];
  expose?: string[];
  restart?: string;
}

const compose = parse(readFileSync('docker-compose.yml', 'utf8'), { merge: true }) as {
  services: Record<string, Service>;
  volumes?: Record<string, unknown>;
};
const dockerfile = readFileSync('Dockerfile', 'utf8');
const envExample = readFileSync('.env.example', 'utf8');

describe('docker-compose.yml', () => {
  it('runs postgres, a one-shot migration, server, worker and Caddy in front', () => {
    expect(Object.keys(compose.services).sort()).toEqual([
      'caddy',
      'migrate',
      'postgres',
      'server',
      'worker',
    ]);
  });

  it('gives postgres a pinned image, a persistent volume and a healthcheck', () => {
    const pg = compose.services.postgres;
    expect(pg?.image).toMatch(/^postgres:1[5-9](\.\d+)?(-[a-z]+)?$/);
    expect(
      pg?.volumes?.some((v) => v.endsWith(':/var/lib/postgresql/data') || v.endsWith(':/var/lib/postgresql')),
    ).toBe(true);
    expect(JSON.stringify(pg?.healthcheck?.test)).toContain('pg_isready');
    expect(compose.volumes).toHaveProperty('pgdata');
  });

  it('runs postgres with the settings the embedded cluster has', () => {
    const command = compose.services.postgres?.command;
    expect(Array.isArray(command) && command[0]).toBe('postgres');
    const flags = Array.isArray(command) ? command.slice(1) : [];
    expect(flags).toEqual(
      Object.entries(SERVER_SETTINGS).flatMap(([key, value]) => ['-c', `${key}=${value}`]),
    );
  });

  it('builds server, worker and migrate from the Dockerfile with env from .env', () => {
    for (const name of ['server', 'worker', 'migrate']) {
      const service = compose.services[name];
      expect(service?.build, name).toMatchObject({ context: '.', dockerfile: 'Dockerfile' });
      expect(service?.env_file, name).toEqual(['.env']);
      const environment = service?.environment as Record<string, string>;
      expect(environment.DATABASE_URL, name).toMatch(/^postgres:\/\/.+@postgres:5432\//);
      expect(environment.NODE_ENV, name).toBe('production');
    }
  });

  it('gives every app service the same APP_SECRET, required, and REGISTER_KEY (decision 068)', () => {
    for (const name of ['server', 'worker', 'migrate']) {
      const environment = compose.services[name]?.environment as Record<string, string>;
      expect(environment.APP_SECRET, name).toMatch(/^\$\{APP_SECRET:\?set APP_SECRET in \.env\b.*\}$/);
      expect(environment.REGISTER_KEY, name).toBe('${REGISTER_KEY:-}');
    }
    expect(envExample).toMatch(/^APP_SECRET=$/m);
    expect(envExample).toMatch(/^REGISTER_KEY=$/m);
  });

  it('bakes the site identity from .env into the prerendered pages', () => {
    // Without these the image's footer would show the demo's placeholder licence and ABN.
    const identity = [
      'APP_URL',
      'SITE_NAME',
      'SITE_LEGAL_NAME',
      'SITE_LICENCE',
      'SITE_ABN',
      'SITE_INSTAGRAM_URL',
    ];
    const build = compose.services.server?.build;
    const args = typeof build === 'object' ? (build.args ?? {}) : {};
    for (const name of identity) {
      expect(args[name], name).toBe(`\${${name}:-}`);
      expect(dockerfile, name).toMatch(new RegExp(`^ARG .*\\b${name}\\b`, 'm'));
      expect(envExample, name).toMatch(new RegExp(`^${name}=`, 'm'));
    }
    expect(dockerfile.indexOf('ARG APP_URL')).toBeLessThan(dockerfile.indexOf('RUN npm run build'));
  });

  it('starts server and worker only after postgres is healthy and migrations completed', () => {
    for (const name of ['server', 'worker']) {
      expect(compose.services[name]?.depends_on).toEqual({
        postgres: { condition: 'service_healthy' },
        migrate: { condition: 'service_completed_successfully' },
      });
    }
    expect(compose.services.migrate?.depends_on).toEqual({ postgres: { condition: 'service_healthy' } });
    expect(compose.services.migrate?.command).toEqual(['node', 'server/cli/migrate.ts']);
    expect(compose.services.server?.command).toEqual(['node', '--max-semi-space-size=8', 'server/main.ts']);
    expect(compose.services.worker?.command).toEqual([
      'node',
      '--max-semi-space-size=8',
      'dist/worker/main.mjs',
    ]);
    expect(dockerfile).toContain('RUN npm run build');
    expect(JSON.stringify(compose.services.server?.healthcheck?.test)).toContain('/readyz');
  });

  describe('scales the server behind Caddy (docker compose up --scale server=2)', () => {
    const caddy = compose.services.caddy;
    const caddyfile = readFileSync('deploy/Caddyfile', 'utf8');
    const serverEnv = compose.services.server?.environment as Record<string, string>;

    it('publishes no host port on the server, so replicas do not collide', () => {
      expect(compose.services.server?.ports).toBeUndefined();
      expect(compose.services.server?.expose).toEqual([serverEnv.PORT]);
    });

    it('has Caddy publish 80 and 443 with its certificates on a volume', () => {
      expect(caddy?.image).toMatch(/^caddy:2(\.\d+)*(-alpine)?$/);
      expect(caddy?.ports).toEqual(expect.arrayContaining(['80:80', '443:443']));
      expect(caddy?.volumes).toContain('./deploy/Caddyfile:/etc/caddy/Caddyfile:ro');
      expect(caddy?.volumes?.some((v) => v.endsWith(':/data'))).toBe(true);
      expect((caddy?.environment as Record<string, string>).APP_URL).toMatch(/^\$\{APP_URL:\?/);
      expect(caddy?.depends_on).toEqual({ server: { condition: 'service_healthy' } });
      expect(caddy?.healthcheck?.test).toBeDefined();
    });

    it('has the Caddyfile serve APP_URL and balance over every server replica on its port', () => {
      expect(caddyfile).toMatch(/^\{\$APP_URL\} \{$/m);
      expect(caddyfile).toMatch(/dynamic a \{\s+name server\s+port (\d+)/);
      const port = /dynamic a \{\s+name server\s+port (\d+)/.exec(caddyfile)?.[1];
      expect(port).toBe(serverEnv.PORT);
      expect(caddyfile).toMatch(/lb_try_duration \d+s/);
      expect(caddyfile).toMatch(/respond \/metrics 404/);
    });

    it('trusts exactly the one proxy hop in front of the server', () => {
      expect(serverEnv.TRUST_PROXY).toBe('1');
    });
  });

  it('has a Dockerfile with a Node 24 multi-stage build running as a non-root user', () => {
    expect(dockerfile).toMatch(/^FROM node:24[\w.-]* AS build$/m);
    expect(dockerfile).toMatch(/^FROM node:24[\w.-]* AS runtime$/m);
    expect(dockerfile).toContain('npm ci --omit=dev');
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toContain('COPY --from=build');
  });

  it('documents every variable the services read in .env.example', () => {
    for (const name of [
      'PORT',
      'HOST',
      'APP_URL',
      'DATABASE_URL',
      'DATA_DIR',
      'APP_SECRET',
      'RESEND_API_KEY',
      'RESEND_WEBHOOK_SECRET',
      'EMAIL_FROM',
      'SITE_NAME',
      'SITE_PHONE',
      'SITE_EMAIL',
      'POSTGRES_PASSWORD',
      'METRICS_TOKEN',
    ]) {
      expect(envExample).toMatch(new RegExp(`^#? ?${name}=`, 'm'));
    }
  });
});
