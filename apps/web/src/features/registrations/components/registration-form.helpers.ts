import { type EntityType, type Role } from '@stoa/shared/account';
import { carriesValue, fieldsOf, type FormValues, type Option } from '@stoa/shared/forms';
import { REGISTRATION_FORMS } from '@stoa/shared/registrations';
import type { TranscoDiscomItem } from '@stoa/shared/users';

/** Pure helpers of the registration form page: roles, utility options, complete defaults, option sources. */
export const includes = (roles: readonly Role[], role: Role) => roles.includes(role);
export const utilityOption = (u: TranscoDiscomItem): Option => ({ value: u.id, label: `${u.name} (${u.zone})` });
/**
 * The stored values with every value-carrying field of the definition present (undefined when
 * blank: the server leaves blanks out). react-hook-form counts a form dirty when its values have
 * keys its defaults lack, which would enable Renew on an untouched approved form.
 */
export function completeDefaults(entityType: EntityType, data: FormValues | undefined): FormValues {
  const out: FormValues = { ...data };
  for (const field of fieldsOf(REGISTRATION_FORMS[entityType])) {
    if (!carriesValue(field)) continue;
    if (!(field.name in out)) out[field.name] = undefined;
    if (field.kind === 'comboOthers' && !(`${field.name}Other` in out)) out[`${field.name}Other`] = undefined;
  }
  return out;
}

export const usesSource = (entityType: EntityType, source: 'discoms' | 'transcos') =>
  REGISTRATION_FORMS[entityType].steps.some((step) => step.fields.some((f) => f.kind === 'combo' && f.optionSource === source));
