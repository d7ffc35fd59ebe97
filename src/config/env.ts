import { isIP } from "node:net";
import { z } from "zod";
import { readPublicEnvSource, type PublicEnv } from "./public-env";

/**
 * The one place configuration is validated, and with public-env.ts (which reads the
 * NEXT_PUBLIC_ values browser bundles get) the only reader of process.env. Server
 * values are parsed lazily. Server code only: browser code imports public-env.ts.
 */
const optionalUrl = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v.replace(/\/+$/, "") : undefined))
  .pipe(z.url().optional());

/**
 * Which proxies may tell the client's address through X-Forwarded-For: none (off, the
 * default: the address is the connection's), the nearest N hops, or a list of proxy
 * addresses and CIDR ranges ("loopback" for 127.0.0.0/8 and ::1).
 */
export type TrustProxy = { kind: "off" } | { kind: "hops"; hops: number } | { kind: "list"; ranges: string[] };

const TRUST_PROXY_MESSAGE = 'TRUST_PROXY must be "off", a number of proxy hops (1-10), or a comma-separated list of addresses or CIDR ranges';

function parseRange(entry: string): string | null {
  if (entry === "loopback") return entry;
  const [address, bits, extra] = entry.split("/");
  const family = isIP(address ?? "");
  if (family === 0 || extra !== undefined) return null;
  if (bits === undefined) return address!;
  if (!/^\d{1,3}$/.test(bits) || Number(bits) > (family === 4 ? 32 : 128)) return null;
  return `${address}/${Number(bits)}`;
}

const trustProxySchema = z
  .string()
  .default("")
  .transform((raw, ctx): TrustProxy => {
    const value = raw.trim().toLowerCase();
    if (value === "" || value === "off" || value === "false" || value === "0") return { kind: "off" };
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops <= 10) return { kind: "hops", hops };
    } else {
      const ranges = value.split(",").map((s) => s.trim()).filter(Boolean).map(parseRange);
      if (ranges.length > 0 && ranges.every((r) => r !== null)) return { kind: "list", ranges: ranges as string[] };
    }
    ctx.addIssue({ code: "custom", message: TRUST_PROXY_MESSAGE });
    return z.NEVER;
  });

const publicSchema = z.object({
  NEXT_PUBLIC_API_URL: optionalUrl,
  NEXT_PUBLIC_API_NEXT_URL: optionalUrl,
  NEXT_PUBLIC_CHAT_URL: optionalUrl,
  NEXT_PUBLIC_SENTRY_DSN: optionalUrl,
  NEXT_PUBLIC_ANALYTICS: z.enum(["datalayer", "off"]).default("datalayer"),
});

const serverSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  SITE_URL: z
    .url({ message: "SITE_URL must be an absolute URL such as https://paisible.fr" })
    .default("http://localhost:3000")
    .transform((v) => v.replace(/\/+$/, "")),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must start with postgres:// or postgresql://")
    .optional(),
  DATA_DIR: z.string().default("./data"),
  SENTRY_DSN: optionalUrl,
  CORS_ORIGINS: z
    .string()
    .default("")
    .transform((v) => v.split(",").map((s) => s.trim()).filter(Boolean)),
  REDIRECT_ALLOWLIST: z
    .string()
    .default("")
    .transform((v) => v.split(",").map((s) => s.trim()).filter(Boolean)),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, "SMTP_URL must start with smtp:// or smtps://").optional(),
  MAIL_FROM: z.string().default("Paisible <bonjour@paisible.test>"),
  /**
   * SMS gateway (generic HTTPS JSON POST, see src/server/integrations/sms/sms-gateway.ts):
   * without it, text messages go to the file outbox under DATA_DIR/sms-outbox.
   */
  SMS_GATEWAY_URL: z
    .url({ message: "SMS_GATEWAY_URL must be an absolute URL" })
    .refine((v) => /^https:\/\//.test(v) || /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?\//.test(v), "SMS_GATEWAY_URL must use https (plain http only on localhost)")
    .optional(),
  SMS_GATEWAY_TOKEN: z.string().min(8, "SMS_GATEWAY_TOKEN needs at least 8 characters").optional(),
  /** Sender name or number the gateway shows (alphanumeric, at most 11 characters for most carriers). */
  SMS_SENDER: z.string().regex(/^[A-Za-z0-9 +]{1,15}$/, "SMS_SENDER: letters, digits, spaces or +, at most 15").default("Paisible"),
  SMS_GATEWAY_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  PREVIEW_SECRET: z.string().min(16, "PREVIEW_SECRET needs at least 16 characters").optional(),
  OIDC_ISSUER: optionalUrl,
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  TRUST_PROXY: trustProxySchema,
  // "open" lets any caller read the development outboxes (e.g. behind `next dev`, which has no socket address to check).
  DEV_OUTBOX_ACCESS: z.enum(["loopback", "open"], { message: 'DEV_OUTBOX_ACCESS must be "loopback" or "open"' }).default("loopback"),
  /** "inline": the app process runs the job worker (default); "off": only `npm run worker` processes do. */
  JOBS_WORKER: z.enum(["inline", "off"]).default("inline"),
  /** Batches each worker runs side by side. */
  JOBS_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  /** A job claimed by a worker that died is taken over after this many seconds. */
  JOBS_LOCK_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /**
   * Supporting documents go to S3-compatible object storage when a bucket is named; otherwise
   * to the local disk under DATA_DIR/files. Endpoint for non-AWS services (MinIO, Scaleway,
   * OVH...), path-style addressing for those that need it.
   */
  S3_BUCKET: z.string().trim().min(3).max(63).optional(),
  S3_ENDPOINT: optionalUrl,
  S3_REGION: z.string().trim().min(1).default("eu-west-3"),
  S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().trim().min(1).optional(),
  S3_FORCE_PATH_STYLE: z
    .enum(["true", "false", "1", "0", ""])
    .default("")
    .transform((v) => v === "true" || v === "1"),
  /** Prefix of every object key in the bucket (several environments may share one bucket). */
  S3_PREFIX: z.string().trim().regex(/^[a-z0-9][a-z0-9/_-]*$/, "S3_PREFIX: lower-case letters, digits, / _ -").optional(),
  // Payments (issue 12): each provider's real API when its keys are set, the embedded sandbox otherwise.
  /**
   * The embedded payment sandbox stands in for a provider without keys: "auto" (default) only
   * while SITE_URL is not https (a laptop, the tests), "on" also on https (a staging site),
   * "off" never. A public site never takes pretend payments by accident.
   */
  PAYMENT_SANDBOX: z.enum(["auto", "on", "off"], { message: 'PAYMENT_SANDBOX must be "auto", "on" or "off"' }).default("auto"),
  /** HMAC key of the embedded payment sandbox; by default one is generated per install under DATA_DIR. */
  PAYMENT_SANDBOX_SECRET: z.string().min(32, "PAYMENT_SANDBOX_SECRET needs at least 32 characters").optional(),
  WORLDLINE_API_KEY_ID: z.string().min(1).optional(),
  WORLDLINE_API_SECRET: z.string().min(1).optional(),
  WORLDLINE_MERCHANT_ID: z.string().min(1).optional(),
  WORLDLINE_HOST: z.string().default("payment.preprod.direct.worldline-solutions.com"),
  WORLDLINE_WEBHOOK_KEY_ID: z.string().min(1).optional(),
  WORLDLINE_WEBHOOK_SECRET: z.string().min(1).optional(),
  ALMA_API_KEY: z.string().min(1).optional(),
  ALMA_API_URL: z.url().default("https://api.sandbox.getalma.eu").transform((v) => v.replace(/\/+$/, "")),
  FINTECTURE_APP_ID: z.string().min(1).optional(),
  FINTECTURE_APP_SECRET: z.string().min(1).optional(),
  /** The application's private key (PEM) Fintecture's requests are signed with. */
  FINTECTURE_PRIVATE_KEY: z.string().min(1).optional(),
  FINTECTURE_API_URL: z.url().default("https://api-sandbox.fintecture.com").transform((v) => v.replace(/\/+$/, "")),
  /**
   * The assistant (issue 17): any OpenAI-compatible server (a hosted API, Ollama, vLLM) when a
   * base URL and a model are set (the key may be empty for a local server); otherwise the
   * embedded offline engine (retrieval over the site's content, no text completion nor translation).
   */
  CHAT_OPENAI_BASE_URL: optionalUrl,
  CHAT_OPENAI_API_KEY: z.string().trim().optional().transform((v) => v || undefined),
  CHAT_OPENAI_MODEL: z.string().trim().optional().transform((v) => v || undefined),
  CHAT_OPENAI_TIMEOUT_MS: z.coerce.number().int().min(1000).max(300_000).default(60_000),
  /** A conversation is erased this long after its last question. */
  CHAT_CONVERSATION_TTL_HOURS: z.coerce.number().int().min(1).max(24 * 30).default(24),
});

export type { PublicEnv };
export type ServerEnv = z.infer<typeof serverSchema>;

function format(error: z.ZodError): string {
  return error.issues.map((i) => `  - ${i.path.join(".")}: ${i.message}`).join("\n");
}

export function parsePublicEnv(source: Record<string, string | undefined>): PublicEnv {
  const result = publicSchema.safeParse(source) as z.ZodSafeParseResult<PublicEnv>;
  if (!result.success) {
    throw new Error(`Invalid public configuration (see .env.example):\n${format(result.error)}`);
  }
  return result.data;
}

export function parseServerEnv(source: Record<string, string | undefined>): ServerEnv {
  const result = serverSchema.safeParse(source);
  if (!result.success) {
    throw new Error(`Invalid server configuration (see .env.example):\n${format(result.error)}`);
  }
  return result.data;
}

export const publicEnv: PublicEnv = parsePublicEnv(readPublicEnvSource());

let cachedServerEnv: ServerEnv | undefined;
/** Server configuration, validated once; throws a readable message on a bad value. */
export function serverEnv(): ServerEnv {
  cachedServerEnv ??= parseServerEnv(process.env);
  return cachedServerEnv;
}
