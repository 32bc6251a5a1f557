import path from 'node:path';
import { z } from 'zod';

export class ConfigError extends Error {
  readonly problems: string[];

  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

/** Parses the environment with a zod shape; a missing or bad variable fails with its name. */
export function loadConfig<Shape extends z.ZodRawShape>(
  shape: Shape,
  env: Record<string, string | undefined> = process.env,
): z.infer<z.ZodObject<Shape>> {
  const blankAsMissing = Object.fromEntries(
    Object.entries(env).map(([key, value]) => [key, value === '' ? undefined : value]),
  );
  const result = z.object(shape).safeParse(blankAsMissing);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  return result.data;
}

const secret = z.string().min(32, 'must be at least 32 characters');

/** Variables every service reads. */
export const serviceConfigShape = {
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z
    .string()
    .default('data')
    .transform((dir) => path.resolve(dir)),
  DATABASE_URL: z.url().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  IDENTITY_SECRET: secret,
  /** Where the service's audit records go (its outbox keeps them until the audit service takes them). */
  AUDIT_SERVICE_URL: z.url().optional(),
  /** Where directory and course changes go for assignments and reports (the outbox keeps them until it answers). */
  TRAINING_SERVICE_URL: z.url().optional(),
};

/** A service's configuration: what every service reads (its port defaulting to `port`) and its own `shape`. */
export function loadServiceConfig<Shape extends z.ZodRawShape>(
  port: number,
  shape: Shape,
  env: Record<string, string | undefined> = process.env,
) {
  return loadConfig({ ...serviceConfigShape, PORT: serviceConfigShape.PORT.default(port), ...shape }, env);
}

export const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** A comma-separated list (empty entries dropped); unset is an empty list. */
export const commaListFromEnv = z
  .string()
  .default('')
  .transform((value) =>
    value
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry.length > 0),
  );
