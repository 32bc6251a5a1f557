import path from 'node:path';
import { z } from 'zod';
import { SERVICE_NAMES, type ServiceName, type ServiceUrlVariable, TOPOLOGY } from './topology.ts';

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
  /**
   * Each service's URL variable: where the events it subscribes to go (unset, the outbox keeps them until it is
   * set) and, where a service's own shape gives it a default, whom it calls.
   */
  ...(Object.fromEntries(SERVICE_NAMES.map((name) => [TOPOLOGY[name].urlVariable, z.url().optional()])) as Record<
    ServiceUrlVariable,
    z.ZodOptional<z.ZodURL>
  >),
};

/** A service's configuration: what every service reads (its port defaulting to the topology's) and its own `shape`. */
export function loadServiceConfig<Shape extends z.ZodRawShape>(
  service: ServiceName,
  shape: Shape,
  env: Record<string, string | undefined> = process.env,
) {
  const common = { ...serviceConfigShape, PORT: serviceConfigShape.PORT.default(TOPOLOGY[service].port) };
  // The service's own shape wins: a URL variable it gives a default to (a service it calls) keeps that default.
  const merged = { ...common, ...shape } as unknown as Omit<typeof common, keyof Shape> & Shape;
  return loadConfig(merged, env);
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
