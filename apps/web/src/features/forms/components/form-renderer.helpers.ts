import type { Condition, FormDefinition } from '@stoa/shared/forms';

/** Pure helpers of the form renderer: value equality, rule dependents and the names conditions read. */

/** Deep equality of plain JSON-like values (normalised form values). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((v, i) => sameValue(v, b[i]));
  }
  if (!a || !b || typeof a !== 'object' || typeof b !== 'object') return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return (
    ka.length === kb.length &&
    ka.every(
      (k) => Object.prototype.hasOwnProperty.call(b, k) && sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]),
    )
  );
}

/** For each field, the rule fields that read it (directly or through a computed field). */
export function ruleDependents(definition: FormDefinition): Map<string, string[]> {
  const computedFrom = new Map<string, readonly string[]>();
  for (const step of definition.steps)
    for (const f of step.fields) if (f.kind === 'text' && f.computed) computedFrom.set(f.name, f.computed.difference);
  const out = new Map<string, string[]>();
  const add = (source: string, dependent: string) => {
    if (source === dependent) return;
    out.set(source, [...new Set([...(out.get(source) ?? []), dependent])]);
  };
  for (const rule of definition.rules ?? []) {
    for (const source of [rule.than, ...(computedFrom.get(rule.than) ?? [])]) add(source, rule.field);
  }
  return out;
}

/** Top-level names the steps' and fields' conditions read: only these are watched for visibility. */
export function conditionNames(definition: FormDefinition): string[] {
  const names = new Set<string>();
  const visit = (c: Condition | undefined) => {
    if (!c) return;
    if ('all' in c) c.all.forEach(visit);
    else names.add(c.field.split('.')[0]!);
  };
  for (const step of definition.steps) {
    visit(step.visibleWhen);
    step.fields.forEach((f) => visit(f.visibleWhen));
  }
  return [...names];
}
