import type { FieldErrors, Resolver } from 'react-hook-form';

import type { FieldError } from '@stoa/shared/common';
import {
  type FormDefinition,
  type FormValues,
  type Option,
  type OptionSource,
  validateForm,
  type ValidateOptions,
} from '@stoa/shared/forms';

/** Keys of an RHF error node that are not child paths. */
const ERROR_KEYS = new Set(['type', 'message', 'types', 'ref', 'root']);

type ErrorNode = Record<string, unknown>;

/**
 * FieldError[] (dotted paths, every message) as react-hook-form errors: a nested object per path,
 * `message` the first message and `types` all of them (shown by the field components). A path
 * that also has children (a table with a row error) carries its own message in `root` too, as
 * RHF does for field arrays.
 */
export function toRhfErrors(errors: readonly FieldError[]): FieldErrors<FormValues> {
  const tree: ErrorNode = {};
  for (const { fieldName, errorMessages } of errors) {
    if (errorMessages.length === 0) continue;
    const leaf = { type: 'validate', message: errorMessages[0], types: Object.fromEntries(errorMessages.map((m, i) => [`m${i}`, m])) };
    const keys = fieldName.split('.');
    let node = tree;
    for (const key of keys.slice(0, -1)) {
      const next = (node[key] as ErrorNode | undefined) ?? {};
      node[key] = next;
      node = next;
    }
    const last = keys[keys.length - 1]!;
    const existing = node[last] as ErrorNode | undefined;
    node[last] = existing ? Object.assign(existing, leaf, { root: leaf }) : { ...leaf, root: leaf };
  }
  return tree as FieldErrors<FormValues>;
}

/** The dotted paths of every error in an RHF errors object. */
export function errorPaths(errors: unknown, prefix = ''): string[] {
  if (!errors || typeof errors !== 'object') return [];
  const node = errors as ErrorNode;
  const out: string[] = [];
  if (prefix && typeof node.message === 'string' && node.message) out.push(prefix);
  for (const [key, child] of Object.entries(node)) {
    if (ERROR_KEYS.has(key)) continue;
    out.push(...errorPaths(child, prefix ? `${prefix}.${key}` : key));
  }
  return out;
}

/** Every message of one RHF error (all `types`, else the message). */
export function messagesOf(error: unknown): string[] {
  if (!error || typeof error !== 'object') return [];
  const node = error as { message?: unknown; types?: Record<string, unknown> };
  const all = node.types ? Object.values(node.types).filter((m): m is string => typeof m === 'string' && m !== '') : [];
  if (all.length > 0) return all;
  return typeof node.message === 'string' && node.message ? [node.message] : [];
}

/** The allowed values of option-sourced combos, for the shared validator. */
export function optionValuesOf(sources: Partial<Record<OptionSource, Option[]>> | undefined): ValidateOptions['optionValues'] {
  if (!sources) return undefined;
  return Object.fromEntries(Object.entries(sources).map(([key, options]) => [key, (options ?? []).map((o) => o.value)]));
}

/**
 * A react-hook-form resolver running the shared `validateForm` over the whole form (the server
 * runs the same), every message of every field kept.
 */
export function formResolver(definition: FormDefinition, options: () => ValidateOptions): Resolver<FormValues> {
  return async (values) => {
    const errors = validateForm(definition, values, options());
    if (errors.length === 0) return { values, errors: {} };
    return { values: {}, errors: toRhfErrors(errors) };
  };
}
