import { hasControlCharacter } from '@portal/contracts/rules';

/** A SCIM filter the portal answers: one attribute compared for equality (what Entra ID and Okta send). */
export interface EqualityFilter {
  /** The attribute as the resource type names it, in its canonical letter case. */
  attribute: string;
  value: string;
}

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * `attribute eq "value"`, the operator and the attribute in any letter case (RFC 7644 3.4.2.2). The pattern has one
 * way to match any text (the string's characters and escapes exclude each other): linear time, and the filter is
 * bounded before it gets here. A value with a control character or a lone surrogate, and anything else, answers
 * undefined, which the caller turns into 400 invalidFilter.
 */
const EQUALITY = /^\s*([A-Za-z][\w.:]{0,127})\s+eq\s+"((?:[^"\\]|\\.)*)"\s*$/i;

export function parseEqualityFilter(filter: string, attributes: readonly string[]): EqualityFilter | undefined {
  const match = EQUALITY.exec(filter);
  if (!match) return undefined;
  const [, name = '', quoted = ''] = match;
  const attribute = attributes.find((known) => known.toLowerCase() === name.toLowerCase());
  if (!attribute) return undefined;
  let value: string;
  try {
    value = JSON.parse(`"${quoted}"`) as string;
  } catch {
    return undefined;
  }
  // Escapes decode to what the filter's text may not hold (`\u0000`, a lone surrogate), which no column holds either.
  return hasControlCharacter(value) || LONE_SURROGATE.test(value) ? undefined : { attribute, value };
}
