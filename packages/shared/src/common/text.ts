import { en } from '../messages/en';

/**
 * C0 control characters other than tab, line feed and carriage return. NUL cannot be stored in a
 * PostgreSQL text or jsonb value at all; the others have no business in a form field. Every string
 * a route receives (body, query and path parameters) is checked against this once, on the API
 * (platform/text-guard.ts), and the shared text schemas refuse them in the forms too.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;

export const hasControlCharacters = (value: string) => CONTROL_CHARACTERS.test(value);

export const controlCharactersMessage = en.validation.controlCharacters;

/**
 * The path of the first string (or object key) with a control character in a parsed JSON value,
 * dot-separated as in the validation errors (`schedule.3.remarks`); `''` for the value itself;
 * undefined when there is none.
 */
export function findControlCharacters(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return hasControlCharacters(value) ? path : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  const join = (key: string | number) => (path ? `${path}.${key}` : String(key));
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findControlCharacters(value[i], join(i));
      if (found !== undefined) return found;
    }
    return undefined;
  }
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    if (hasControlCharacters(key)) return join(key);
    const found = findControlCharacters(item, join(key));
    if (found !== undefined) return found;
  }
  return undefined;
}
