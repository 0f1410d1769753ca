import type { ColumnField } from '@stoa/shared/forms';

import { FormCheckbox, FormCombo, FormRadio } from './choice-fields';
import { FormDate } from './date-time-fields';
import { FormFile } from './file-field';
import { FormTextField } from './text-field';

/** One scalar field (a form field or a table cell) at a dotted path. */
export function ColumnFieldView({ column, name, readOnly }: { column: ColumnField; name: string; readOnly: boolean }) {
  const locked = readOnly || !!column.readOnly;
  switch (column.kind) {
    case 'text':
      return <FormTextField field={column} name={name} readOnly={locked} />;
    case 'checkbox':
      return <FormCheckbox field={column} name={name} readOnly={locked} />;
    case 'combo':
      return <FormCombo field={column} name={name} readOnly={locked} />;
    case 'radio':
      return <FormRadio field={column} name={name} readOnly={locked} />;
    case 'date':
      return <FormDate field={column} name={name} readOnly={locked} />;
    case 'file':
      return <FormFile field={column} name={name} readOnly={locked} />;
  }
}
