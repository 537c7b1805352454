import { z } from 'zod';

const flag = z
  .enum(['0', '1', 'true', 'false', 'on', 'off', ''])
  .transform((v) => v === '1' || v === 'true' || v === 'on');

const DEFAULT_SESSION_SECRET = 'dev-only-session-secret-change-me-0123456789';

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  APP_URL: z.url().optional(),
  DATABASE_URL: z.string().default('postgres://postgres@127.0.0.1:5432/advisory_board'),
  REDIS_URL: z.string().default('redis://127.0.0.1:6379'),
  REDIS_PREFIX: z.string().regex(/^[A-Za-z0-9_.-]+$/, 'letters, digits, _ . - only').default('ab'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').default(DEFAULT_SESSION_SECRET),
  DEV_LOGIN: flag.optional(),
  NEW_ACCOUNTS_ACTIVE: flag.default(false),
  ADMIN_EMAILS: z
    .string()
    .default('')
    .transform((s) => s.split(',').map((e) => e.trim().toLowerCase()).filter(Boolean)),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_DISCOVERY_URL: z.url().default('https://accounts.google.com'),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().default('whsec_local_simulator_secret'),
  STRIPE_API_HOST: z.string().optional(),
  STRIPE_API_PORT: z.coerce.number().int().optional(),
  STRIPE_API_PROTOCOL: z.enum(['http', 'https']).optional(),
  DB_POOL_MAX: z.coerce.number().int().min(2).max(500).default(20),
  WORKER_LOCK_MS: z.coerce.number().int().min(1000).default(30_000),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(8),
  SERVE_WEB: flag.default(true),
  RATE_LIMIT: z.enum(['on', 'off']).default('on'),
  RATE_LIMIT_WINDOW_MS: z.coerce.number().int().min(1000).default(60_000),
  RATE_LIMIT_SIGN_IN: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_CHECKOUT: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_USAGE: z.coerce.number().int().min(1).default(300),
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v): boolean | ((address: string, hop: number) => boolean) | string[] => {
      if (v === 'true' || v === 'false') return v === 'true';
      if (/^\d+$/.test(v)) return (_address, hop) => hop < Number(v);
      return v.split(',').map((a) => a.trim()).filter(Boolean);
    }),
  CONTACT_FORM_SCRIPT_HOST: z
    .url({ protocol: /^https?$/, error: 'an http(s) origin such as https://forms.example.com' })
    .transform((u) => new URL(u).origin)
    .optional(),
});

export type Config = z.infer<typeof EnvSchema> & { devLogin: boolean };

/** Parses the environment once at start-up and fails fast, naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const clean = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(clean);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const config = parsed.data;
  if (config.NODE_ENV === 'production' && config.SESSION_SECRET === DEFAULT_SESSION_SECRET) {
    throw new Error('Invalid configuration: SESSION_SECRET: set a secret of your own in production');
  }
  return { ...config, devLogin: config.DEV_LOGIN ?? false };
}

export function redisConnectionOptions(url: string) {
  const u = new URL(url);
  return {
    host: u.hostname || '127.0.0.1',
    port: Number(u.port || 6379),
    username: u.username || undefined,
    password: u.password ? decodeURIComponent(u.password) : undefined,
    db: u.pathname.length > 1 ? Number(u.pathname.slice(1)) : 0,
    tls: u.protocol === 'rediss:' ? {} : undefined,
  };
}
