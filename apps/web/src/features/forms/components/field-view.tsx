import type { FormField } from '@stoa/shared/forms';

import { FormComboOthers, FormMultiCombo } from './choice-fields';
import { ColumnFieldView } from './column-field';
import { FormDataTable } from './data-table-field';
import { FormMonth, FormTime } from './date-time-fields';
import { FormEmailChips } from './email-chips-field';
import { FormFileDetails } from './file-details-field';
import { FormUnitDetails, FormTableInput, FormZoneDetails } from './rows-field';
import { FormButton, FormDisplayText, FormTitle } from './static-fields';

/** The component of one field kind. */
export function FieldView({ field, readOnly }: { field: FormField; readOnly: boolean }) {
  const locked = readOnly || !!field.readOnly;
  const name = field.name;
  switch (field.kind) {
    case 'text':
    case 'checkbox':
    case 'combo':
    case 'radio':
    case 'date':
    case 'file':
      return <ColumnFieldView column={field} name={name} readOnly={readOnly} />;
    case 'multiCombo':
      return <FormMultiCombo field={field} name={name} readOnly={locked} />;
    case 'comboOthers':
      return <FormComboOthers field={field} name={name} readOnly={locked} />;
    case 'month':
      return <FormMonth field={field} name={name} readOnly={locked} />;
    case 'time':
      return <FormTime field={field} name={name} readOnly={locked} />;
    case 'fileDetails':
      return <FormFileDetails field={field} readOnly={locked} />;
    case 'tableInput':
      return <FormTableInput field={field} readOnly={locked} />;
    case 'dataTable':
      return <FormDataTable field={field} />;
    case 'emailChips':
      return <FormEmailChips field={field} name={name} readOnly={locked} />;
    case 'zoneDetails':
      return <FormZoneDetails field={field} readOnly={locked} />;
    case 'unitDetails':
      return <FormUnitDetails field={field} readOnly={locked} />;
    case 'title':
      return <FormTitle field={field} />;
    case 'button':
      return <FormButton field={field} />;
    case 'displayText':
      return <FormDisplayText field={field} />;
  }
}

/** Full-row kinds: tables, headings, chips, multi-line text and declarations. */
export function isFullWidth(field: FormField): boolean {
  if (field.width) return field.width === 'full';
  switch (field.kind) {
    case 'fileDetails':
    case 'tableInput':
    case 'dataTable':
    case 'zoneDetails':
    case 'unitDetails':
    case 'title':
    case 'displayText':
    case 'emailChips':
      return true;
    case 'text':
      return field.inputType === 'textarea';
    default:
      return false;
  }
}
