import { SCIM_LIMITS, type ScimPatch } from '@portal/contracts/scim';

/** A resource as plain JSON, the way a PATCH sees it before the result is validated like a PUT. */
export type Resource = Record<string, unknown>;

export class PatchError extends Error {
  readonly scimType: 'invalidPath' | 'invalidValue' | 'noTarget';

  constructor(scimType: PatchError['scimType'], message: string) {
    super(message);
    this.name = 'PatchError';
    this.scimType = scimType;
  }
}

/** `members[value eq "…"]` or `emails[type eq "work"].value`: an attribute, a filter on its entries, a sub-attribute. */
const VALUE_PATH = /^([A-Za-z]\w{0,63})\[\s*(\w{1,64})\s+eq\s+"([^"\\]{0,255})"\s*\](?:\.(\w{1,64}))?$/i;
/** An attribute's name as RFC 7643 2.1 spells it, or `$ref`. */
const ATTRIBUTE_NAME = /^(?:\$ref|[A-Za-z][\w-]{0,63})$/;
/** An extension's attribute named by its schema's URN: one key, whatever dots its version holds. */
const URN_PATH = /^urn:[\w.:-]+$/i;
/** Names that reach an object's prototype in JavaScript: never an attribute. */
const FORBIDDEN_NAMES = new Set(['__proto__', 'prototype', 'constructor']);
/** attribute.subAttribute is as deep as a SCIM path goes; a value nests a little deeper (entries of a list). */
const SEGMENTS_MAX = 2;
const VALUE_DEPTH_MAX = 8;

const invalidPath = (message: string) => new PatchError('invalidPath', message);

function requireName(name: string) {
  if (FORBIDDEN_NAMES.has(name.toLowerCase())) throw invalidPath(`${name} is not an attribute`);
}

const isObject = (value: unknown): value is Resource =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An object without a prototype: no key of it reaches Object.prototype. */
const bareObject = (): Resource => Object.create(null) as Resource;

/**
 * A copy of JSON in objects without a prototype, built with a stack rather than recursion; a key that names a
 * prototype or a depth over VALUE_DEPTH_MAX is refused.
 */
function bareCopy(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const copyOf = (item: object) => (Array.isArray(item) ? [] : bareObject());
  const root = copyOf(value);
  const pending = [{ from: value, to: root as Record<string, unknown>, depth: 1 }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    if (next.depth > VALUE_DEPTH_MAX) throw new PatchError('invalidValue', 'The value is nested too deeply');
    const isList = Array.isArray(next.from);
    for (const [key, item] of Object.entries(next.from)) {
      if (!isList) requireName(key);
      if (typeof item !== 'object' || item === null) {
        next.to[key] = item;
        continue;
      }
      const copy = copyOf(item) as Record<string, unknown>;
      next.to[key] = copy;
      pending.push({ from: item, to: copy, depth: next.depth + 1 });
    }
  }
  return root;
}

/** A path's attribute names, checked before any is used: bounded length and depth, each a name RFC 7643 allows. */
function segmentsOf(path: string): string[] {
  if (path.length > SCIM_LIMITS.pathMax) throw invalidPath(`A path is at most ${SCIM_LIMITS.pathMax} characters`);
  if (URN_PATH.test(path)) {
    for (const part of path.split(/[.:]/)) requireName(part);
    return [path];
  }
  const segments = path.split('.', SEGMENTS_MAX + 1);
  if (segments.length > SEGMENTS_MAX) throw invalidPath(`A path names at most ${SEGMENTS_MAX} attributes`);
  for (const segment of segments) {
    if (!ATTRIBUTE_NAME.test(segment)) throw invalidPath('The path is not an attribute');
    requireName(segment);
  }
  return segments;
}

/** The key of `resource` that names `name` regardless of letter case (attribute names are case-insensitive). */
function keyIn(resource: Resource, name: string): string {
  return Object.keys(resource).find((key) => key.toLowerCase() === name.toLowerCase()) ?? name;
}

function entriesOf(resource: Resource, key: string): Resource[] {
  const entries = resource[key];
  return Array.isArray(entries) ? entries.filter(isObject) : [];
}

/** A value as text when it is a string, number or boolean: an object without a prototype has no text. */
const textOf = (value: unknown) => (typeof value === 'object' || value === undefined ? undefined : String(value));

const sameValue = (a: unknown, b: string) => textOf(a)?.toLowerCase() === b.toLowerCase();

function applyToValuePath(resource: Resource, op: string, match: RegExpExecArray, value: unknown) {
  const [, attribute = '', field = '', expected = '', subAttribute] = match;
  for (const name of [attribute, field, subAttribute ?? '']) requireName(name);
  const key = keyIn(resource, attribute);
  const entries = entriesOf(resource, key);
  const matches = (entry: Resource) => sameValue(entry[keyIn(entry, field)], expected);
  if (op === 'remove') {
    resource[key] = subAttribute
      ? entries.map((entry) => (matches(entry) ? omit(entry, keyIn(entry, subAttribute)) : entry))
      : entries.filter((entry) => !matches(entry));
    return;
  }
  if (!subAttribute) {
    if (!isObject(value)) throw new PatchError('invalidValue', `${attribute} needs an object value`);
    resource[key] = [...entries.filter((entry) => !matches(entry)), value];
    return;
  }
  const target = entries.find(matches);
  if (target) {
    target[keyIn(target, subAttribute)] = value;
    return;
  }
  const added = bareObject();
  added[field] = expected;
  added[subAttribute] = value;
  resource[key] = [...entries, added];
}

function omit(resource: Resource, key: string): Resource {
  const rest = bareObject();
  for (const [name, value] of Object.entries(resource)) if (name !== key) rest[name] = value;
  return rest;
}

/** Entries of a multi-valued attribute compared by their `value` (members). */
function withoutValues(existing: Resource[], removed: unknown): Resource[] {
  const values = new Set(
    (Array.isArray(removed) ? removed : [removed]).filter(isObject).flatMap((entry) => textOf(entry.value) ?? []),
  );
  return existing.filter((entry) => {
    const text = textOf(entry.value);
    return text === undefined || !values.has(text);
  });
}

/** `value` is a bare copy: nothing it holds reaches a prototype. */
function applyToPath(resource: Resource, op: string, path: string, value: unknown) {
  const valuePath = path.length <= SCIM_LIMITS.pathMax ? VALUE_PATH.exec(path) : null;
  if (valuePath) {
    applyToValuePath(resource, op, valuePath, value);
    return;
  }
  const segments = segmentsOf(path);
  let parent = resource;
  for (const segment of segments.slice(0, -1)) {
    const key = keyIn(parent, segment);
    const child = isObject(parent[key]) ? (parent[key] as Resource) : bareObject();
    parent[key] = child;
    parent = child;
  }
  const key = keyIn(parent, segments.at(-1) ?? '');
  const current = parent[key];
  if (op === 'remove') {
    if (Array.isArray(current) && value !== undefined) parent[key] = withoutValues(current.filter(isObject), value);
    else Reflect.deleteProperty(parent, key);
    return;
  }
  if (op === 'add' && Array.isArray(current)) {
    const added = (Array.isArray(value) ? value : [value]).filter(isObject);
    parent[key] = [...withoutValues(current.filter(isObject), added), ...added];
    return;
  }
  // A complex attribute keeps the sub-attributes the value does not name (RFC 7644 3.5.2.1 and 3.5.2.3).
  if (isObject(current) && isObject(value)) {
    parent[key] = Object.assign(bareObject(), current, value);
    return;
  }
  parent[key] = value;
}

/**
 * Applies PATCH operations (RFC 7644 3.5.2) to a copy of the resource: with a path (`active`, `name.givenName`,
 * `emails[type eq "work"].value`, `members[value eq "…"]`), or without one, where the value's attributes are each
 * set (Okta's `{"op":"replace","value":{"active":false}}`, Entra's dotted keys). The op's letter case does not
 * matter (Entra sends `Replace`). Each attribute set counts as an operation (SCIM_LIMITS.operationsMax); the copy
 * and the values are objects without a prototype. The caller validates the result as a PUT body.
 */
export function applyPatch(resource: Resource, patch: ScimPatch): Resource {
  const result = bareCopy(resource) as Resource;
  let changes = 0;
  const count = (more: number) => {
    changes += more;
    if (changes > SCIM_LIMITS.operationsMax)
      throw new PatchError('invalidValue', `A PATCH sets at most ${SCIM_LIMITS.operationsMax} attributes`);
  };
  for (const operation of patch.Operations) {
    const op = operation.op.toLowerCase();
    if (operation.path) {
      if (op !== 'remove' && operation.value === undefined)
        throw new PatchError('invalidValue', 'The operation has no value');
      count(1);
      applyToPath(result, op, operation.path, bareCopy(operation.value));
      continue;
    }
    if (op === 'remove') throw new PatchError('noTarget', 'A remove operation needs a path');
    if (!isObject(operation.value))
      throw new PatchError('invalidValue', 'An operation without a path needs an object value');
    const { value } = operation;
    const paths = Object.keys(value);
    count(paths.length);
    for (const path of paths) applyToPath(result, op, path, bareCopy(value[path]));
  }
  return result;
}
