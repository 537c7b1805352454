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
  /** A streaming replica of DATABASE_URL the API reads its read models from (commands, the log and read-your-writes stay on the primary). */
  READ_DATABASE_URL: z.string().optional(),
  /** Reads go to the primary while the replica is further behind than this. */
  READ_REPLICA_MAX_LAG_MS: z.coerce.number().int().min(0).default(10_000),
  REDIS_URL: z.string().default('redis://127.0.0.1:6379'),
  /** A Redis Cluster instead of one server: some of its nodes, `host:port,host:port` (REDIS_URL then gives only the user, password and TLS). */
  REDIS_CLUSTER_NODES: z
    .string()
    .optional()
    .transform((s) => (s ?? '').split(',').map((n) => n.trim()).filter(Boolean))
    .refine((nodes) => nodes.every((n) => /^[^:\s]+:\d+$/.test(n)), 'host:port,host:port'),
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
  /** Where invitation emails are sent from (nodemailer; `smtp://user:pass@host:587`, `smtps://…`). Without it invitations are links to copy. */
  SMTP_URL: z.url().optional(),
  MAIL_FROM: z.string().default('Advisory board <no-reply@localhost>'),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().default('whsec_local_simulator_secret'),
  STRIPE_API_HOST: z.string().optional(),
  STRIPE_API_PORT: z.coerce.number().int().optional(),
  STRIPE_API_PROTOCOL: z.enum(['http', 'https']).optional(),
  DB_POOL_MAX: z.coerce.number().int().min(2).max(500).default(20),
  /** Pipelining connections an API process reads its read models through (0: through the pool). */
  DB_READ_CONNECTIONS: z.coerce.number().int().min(0).max(16).default(2),
  /** Opening a connection, or waiting for a free one of the pool. */
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).default(5000),
  /** Postgres cancels a statement running longer; the client gives up one second later (a stalled network). */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).default(5000),
  /** A transaction left open holds every read model back (safe order): Postgres ends it. */
  DB_IDLE_IN_TRANSACTION_MS: z.coerce.number().int().min(100).default(10_000),
  REDIS_COMMAND_TIMEOUT_MS: z.coerce.number().int().min(50).default(2000),
  /** Bodies of JSON commands; the Stripe webhook has its own limit (Stripe's events are under 1 MB). */
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(64 * 1024),
  WEBHOOK_BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1024 * 1024),
  /** The whole request must arrive within this time; a socket idle this long (a client not reading its answer) is closed. */
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  HTTP_SOCKET_TIMEOUT_MS: z.coerce.number().int().min(100).default(60_000),
  /** How long a command's answer waits for the read models to show it (its answer comes from its own events either way). */
  READ_MODEL_WAIT_MS: z.coerce.number().int().min(0).default(5000),
  WORKER_LOCK_MS: z.coerce.number().int().min(500).default(2000),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(8),
  /** The projector's safety net, the Stripe inbox sweep, the check that every job scheduler still exists, the worker's heartbeat. */
  SAFETY_NET_MS: z.coerce.number().int().min(10).default(1000),
  STRIPE_SWEEP_MS: z.coerce.number().int().min(10).default(2000),
  /** How often pending outbound webhook deliveries are looked for (and re-queued after Redis lost them). */
  WEBHOOK_SWEEP_MS: z.coerce.number().int().min(10).default(500),
  WEBHOOK_FIRST_RETRY_MS: z.coerce.number().int().min(10).default(5000),
  /** Outbound webhooks may go to loopback, private and link-local addresses (self-hosted setups, tests). */
  ALLOW_PRIVATE_WEBHOOK_URLS: flag.default(false),
  /** How often every organization's subscriptions and paid invoices are compared with Stripe (daily). */
  STRIPE_RECONCILE_MS: z.coerce.number().int().min(1000).default(86_400_000),
  SCHEDULER_CHECK_MS: z.coerce.number().int().min(10).default(1000),
  HEARTBEAT_MS: z.coerce.number().int().min(10).default(2000),
  /** Readiness fails when no worker has beaten for this long. */
  HEARTBEAT_STALE_MS: z.coerce.number().int().min(100).default(15_000),
  /** Bearer token of GET /metrics (required in production); METRICS_PORT: where a worker process serves it. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** The Ed25519 key that signs chain heads and exports (a PKCS#8 PEM, or the 32-byte seed in base64 or hex); unset: one generated at first start and kept in the database. */
  AUDIT_SIGNING_KEY: z.string().optional(),
  /** When every organization's chain head is signed and kept (cron, daily), and every read model is checked against the log (cron, nightly). */
  AUDIT_HEADS_CRON: z.string().default('10 0 * * *'),
  DRIFT_CHECK_CRON: z.string().default('30 2 * * *'),
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
  /** Any OpenAI-compatible endpoint (OpenAI, Azure OpenAI, Ollama, vLLM); unset: the board has no model provider. */
  LLM_BASE_URL: z.url({ protocol: /^https?$/, error: 'an http(s) URL such as http://127.0.0.1:11434/v1' }).optional(),
  LLM_API_KEY: z.string().optional(),
  LLM_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(60_000),
  LLM_MAX_RETRIES: z.coerce.number().int().min(0).max(10).default(3),
  LLM_MAX_OUTPUT_TOKENS: z.coerce.number().int().min(16).max(200_000).default(1024),
  /** The external contact form's script; without it /contact and /support show the built-in form. */
  CONTACT_FORM_SCRIPT_URL: z.url({ protocol: /^https?$/, error: 'an http(s) URL such as https://forms.example.com/embed/contact.js' }).optional(),
  /** The partner's veterans-resources site; without it /veterans says the site is coming. */
  VETERANS_SITE_URL: z.url({ protocol: /^https?$/, error: 'an http(s) URL such as https://veterans.example.org/' }).optional(),
});

export type Config = z.infer<typeof EnvSchema> & {
  devLogin: boolean;
  /** The contact form script's origin, which the Content-Security-Policy allows (derived from CONTACT_FORM_SCRIPT_URL). */
  contactFormOrigin: string | null;
};

/** Parses the environment once at start-up and fails fast, naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const clean = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  if (clean.CONTACT_FORM_SCRIPT_HOST) {
    throw new Error('Invalid configuration: CONTACT_FORM_SCRIPT_HOST: replaced by CONTACT_FORM_SCRIPT_URL (the script\'s URL; its host is allowed by the CSP)');
  }
  const parsed = EnvSchema.safeParse(clean);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const config = parsed.data;
  if (config.NODE_ENV === 'production' && config.SESSION_SECRET === DEFAULT_SESSION_SECRET) {
    throw new Error('Invalid configuration: SESSION_SECRET: set a secret of your own in production');
  }
  if (config.NODE_ENV === 'production' && !config.METRICS_TOKEN) {
    throw new Error('Invalid configuration: METRICS_TOKEN: set a token for GET /metrics in production');
  }
  const contactFormOrigin = config.CONTACT_FORM_SCRIPT_URL ? new URL(config.CONTACT_FORM_SCRIPT_URL).origin : null;
  return { ...config, devLogin: config.DEV_LOGIN ?? false, contactFormOrigin };
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
