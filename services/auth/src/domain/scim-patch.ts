import type { ScimPatch } from '@portal/contracts/scim';

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

const isObject = (value: unknown): value is Resource =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The key of `resource` that names `name` regardless of letter case (attribute names are case-insensitive). */
function keyIn(resource: Resource, name: string): string {
  return Object.keys(resource).find((key) => key.toLowerCase() === name.toLowerCase()) ?? name;
}

function entriesOf(resource: Resource, key: string): Resource[] {
  const entries = resource[key];
  return Array.isArray(entries) ? entries.filter(isObject) : [];
}

const sameValue = (a: unknown, b: unknown) => String(a).toLowerCase() === String(b).toLowerCase();

function applyToValuePath(resource: Resource, op: string, match: RegExpExecArray, value: unknown) {
  const [, attribute = '', field = '', expected = '', subAttribute] = match;
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
  if (target) target[keyIn(target, subAttribute)] = value;
  else resource[key] = [...entries, { [field]: expected, [subAttribute]: value }];
}

function omit(resource: Resource, key: string): Resource {
  const { [key]: _removed, ...rest } = resource;
  return rest;
}

/** Entries of a multi-valued attribute compared by their `value` (members). */
function withoutValues(existing: Resource[], removed: unknown): Resource[] {
  const values = new Set(
    (Array.isArray(removed) ? removed : [removed]).filter(isObject).map((entry) => String(entry.value)),
  );
  return existing.filter((entry) => !values.has(String(entry.value)));
}

function applyToPath(resource: Resource, op: string, path: string, value: unknown) {
  const valuePath = VALUE_PATH.exec(path);
  if (valuePath) {
    applyToValuePath(resource, op, valuePath, value);
    return;
  }
  const [head = '', ...rest] = path.split('.');
  const key = keyIn(resource, head);
  if (rest.length > 0 && !head.includes(':')) {
    const parent = isObject(resource[key]) ? (resource[key] as Resource) : {};
    resource[key] = parent;
    applyToPath(parent, op, rest.join('.'), value);
    return;
  }
  const current = resource[key];
  if (op === 'remove') {
    if (Array.isArray(current) && value !== undefined) resource[key] = withoutValues(current.filter(isObject), value);
    else Reflect.deleteProperty(resource, key);
    return;
  }
  if (op === 'add' && Array.isArray(current)) {
    const added = (Array.isArray(value) ? value : [value]).filter(isObject);
    resource[key] = [...withoutValues(current.filter(isObject), added), ...added];
    return;
  }
  // A complex attribute keeps the sub-attributes the value does not name (RFC 7644 3.5.2.1 and 3.5.2.3).
  if (isObject(current) && isObject(value)) {
    resource[key] = { ...current, ...value };
    return;
  }
  resource[key] = value;
}

/**
 * Applies PATCH operations (RFC 7644 3.5.2) to a copy of the resource: with a path (`active`, `name.givenName`,
 * `emails[type eq "work"].value`, `members[value eq "…"]`), or without one, where the value's attributes are each
 * set (Okta's `{"op":"replace","value":{"active":false}}`, Entra's dotted keys). The op's letter case does not
 * matter (Entra sends `Replace`). The caller validates the result as a PUT body.
 */
export function applyPatch(resource: Resource, patch: ScimPatch): Resource {
  const result = structuredClone(resource);
  for (const operation of patch.Operations) {
    const op = operation.op.toLowerCase();
    if (operation.path) {
      if (op !== 'remove' && operation.value === undefined)
        throw new PatchError('invalidValue', 'The operation has no value');
      applyToPath(result, op, operation.path, operation.value);
      continue;
    }
    if (op === 'remove') throw new PatchError('noTarget', 'A remove operation needs a path');
    if (!isObject(operation.value))
      throw new PatchError('invalidValue', 'An operation without a path needs an object value');
    for (const [path, value] of Object.entries(operation.value)) applyToPath(result, op, path, value);
  }
  return result;
}
