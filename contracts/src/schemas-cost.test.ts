import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import type { z } from 'zod/mini';
import * as auth from './auth.ts';
import * as courseResults from './course-results.ts';
import * as courses from './courses.ts';
import * as errors from './errors.ts';
import * as events from './events.ts';
import * as languages from './languages.ts';
import * as portalConfig from './portal-config.ts';
import * as richText from './rich-text.ts';
import { isAllowedLink } from './rich-text.ts';
import * as rules from './rules.ts';
import * as scim from './scim.ts';

type Schema = z.core.$ZodType;

const isSchema = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && '_zod' in value && 'safeParse' in value;

/** Every schema a module exports, and the ones its schema factories (`lineTextSchema()`) make. */
function schemasOf(modules: Record<string, Record<string, unknown>>): [string, Schema][] {
  return Object.entries(modules).flatMap(([moduleName, module]) =>
    Object.entries(module).flatMap(([name, value]): [string, Schema][] => {
      if (isSchema(value)) return [[`${moduleName}.${name}`, value]];
      if (typeof value === 'function' && name.endsWith('Schema') && value.length === 0) {
        const made: unknown = (value as () => unknown)();
        if (isSchema(made)) return [[`${moduleName}.${name}()`, made]];
      }
      return [];
    }),
  );
}

const MODULES = { auth, courseResults, courses, errors, events, languages, portalConfig, richText, rules, scim };
const SCHEMAS = schemasOf(MODULES);
/** The patterns the contracts export: the browser and the services run them on input too. */
const PATTERNS = Object.entries(MODULES).flatMap(([moduleName, module]) =>
  Object.entries(module as Record<string, unknown>).flatMap(([name, value]): [string, RegExp][] =>
    value instanceof RegExp ? [[`${moduleName}.${name}`, value]] : [],
  ),
);

/** The same text in every string a schema reads, so that each field's checks see it (objects, arrays, records). */
function filled(schema: Schema, text: string, depth = 0): unknown {
  const def = schema._zod.def as unknown as Record<string, unknown>;
  if (depth > 6) return text;
  switch (def.type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(def.shape as Record<string, Schema>).map(([key, field]) => [
          key,
          filled(field, text, depth + 1),
        ]),
      );
    case 'optional':
    case 'nullable':
      return filled(def.innerType as Schema, text, depth + 1);
    case 'pipe':
      return filled(def.in as Schema, text, depth + 1);
    case 'array':
      return [filled(def.element as Schema, text, depth + 1)];
    case 'record': {
      const keys = (def.keyType as Schema)._zod.values;
      const value = filled(def.valueType as Schema, text, depth + 1);
      return Object.fromEntries([...(keys ?? [text])].map((key) => [String(key), value]));
    }
    default:
      return text;
  }
}

/** Texts that make a backtracking pattern try every split: runs of separators, near-miss e-mails, repeats. */
const CRAFTED: Record<string, (size: number) => string> = {
  dots: (size) => `a@${'.'.repeat(size)} `,
  atSigns: (size) => 'a@'.repeat(size / 2),
  spaces: (size) => `a${' '.repeat(size)}a@`,
  nearMissEmail: (size) => `${'a.'.repeat(size / 4)}@${'b.'.repeat(size / 4)}`,
  separators: (size) => `${'-+_.'.repeat(size / 4)}!`,
  digitsAndCommas: (size) => `rgb(${'1,'.repeat(size / 2)}`,
  schemeLike: (size) => `${'a'.repeat(size)}`,
  mixedCase: (size) => `${'aA1'.repeat(size / 3)}\u0000`,
};

/** Values at the body limit (100 KB) built to make a parser walk: deep nesting and very wide objects. */
const nestedValue = (size: number) => JSON.parse(`${'{"a":'.repeat(size / 6)}1${'}'.repeat(size / 6)}`) as unknown;
const wideValue = (size: number) =>
  Object.fromEntries(Array.from({ length: size / 12 }, (_, index) => [`key${index}`, 'x']));

/** The median CPU time of a few runs of `work`, in milliseconds: one slow run under load does not decide. */
function medianCpuMs(work: () => unknown, runs = 5): number {
  const times = Array.from({ length: runs }, () => {
    const start = process.cpuUsage();
    work();
    const used = process.cpuUsage(start);
    return (used.user + used.system) / 1000;
  }).sort((a, b) => a - b);
  return times[Math.floor(runs / 2)] as number;
}

const LIMIT_MS = 10;
const sizes = fc.integer({ min: 1024, max: 100 * 1024 });

describe('the cost of every contract schema', () => {
  it('when the contracts are loaded, then every schema module is covered', () => {
    expect(SCHEMAS.map(([name]) => name)).toEqual(
      expect.arrayContaining([
        'auth.registerRequestSchema',
        'auth.resetPasswordRequestSchema',
        'courses.courseInputSchema',
        'rules.emailSchema',
        'rules.lineTextSchema()',
      ]),
    );
    expect(PATTERNS.map(([name]) => name)).toEqual(['richText.TEXT_COLOR_PATTERN', 'rules.EMAIL_PATTERN']);
  });

  it.each(SCHEMAS)(
    'when %s parses a crafted text of 1 to 100 KB in every field, then it takes under 10 ms of CPU',
    (_name, schema) => {
      fc.assert(
        fc.property(fc.constantFrom(...Object.keys(CRAFTED)), sizes, (kind, size) => {
          const craft = CRAFTED[kind] as (size: number) => string;
          const text = craft(size);
          // The fields share the body limit: each gets its part of the size.
          const fields = JSON.stringify(filled(schema, '\u0001')).split('\\u0001').length - 1;
          const input = filled(schema, craft(Math.max(64, Math.floor(size / Math.max(1, fields)))));
          expect(medianCpuMs(() => schema['~standard'].validate(input))).toBeLessThan(LIMIT_MS);
          expect(medianCpuMs(() => schema['~standard'].validate(text))).toBeLessThan(LIMIT_MS);
        }),
        { numRuns: 12 },
      );
    },
  );

  it.each(SCHEMAS)(
    'when %s parses nested or wide objects at the body limit, then it takes under 10 ms of CPU',
    (_name, schema) => {
      fc.assert(
        fc.property(fc.constantFrom(nestedValue, wideValue), sizes, (build, size) => {
          const value = build(size);
          expect(medianCpuMs(() => schema['~standard'].validate(value))).toBeLessThan(LIMIT_MS);
        }),
        { numRuns: 4 },
      );
    },
  );

  it.each(PATTERNS)(
    'when the pattern %s gets crafted text, even unbounded, then it takes under 10 ms of CPU',
    (_name, pattern) => {
      fc.assert(
        fc.property(fc.constantFrom(...Object.values(CRAFTED)), sizes, (build, size) => {
          const text = build(size);
          expect(medianCpuMs(() => pattern.test(text))).toBeLessThan(LIMIT_MS);
        }),
        { numRuns: 20 },
      );
    },
  );

  it('when a link of rich text is crafted text, then its check takes under 10 ms of CPU', () => {
    fc.assert(
      fc.property(fc.constantFrom(...Object.values(CRAFTED)), sizes, (build, size) => {
        const text = build(size);
        expect(medianCpuMs(() => isAllowedLink(text))).toBeLessThan(LIMIT_MS);
      }),
      { numRuns: 20 },
    );
  });
});
