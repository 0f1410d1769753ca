import { ALL } from '@stoa/shared/account';
import { USER_STATUS_LABELS, USER_STATUSES } from '@stoa/shared/users';

import { type FilterField, FilterForm } from '../../../components/filter-form';
import type { UserFilter } from '../api/user-queries';
import { useUsersMessages } from '../i18n';

export const EMPTY_FILTER: UserFilter = { firstName: '', lastName: '', userName: '', email: '', status: ALL };

/**
 * 'Filter Users': First Name, Last Name, User Name and Email (spec 000 §2) and the status the Admin's
 * dashboard links with (pending first login, disabled, defaulter; All), with Reset and Submit.
 */
export function UserFilters({ onApply, initial }: { onApply: (filter: UserFilter) => void; initial?: UserFilter }) {
  const t = useUsersMessages();
  const fields: FilterField<UserFilter>[] = [
    { name: 'firstName', label: t.firstName, maxLength: 100 },
    { name: 'lastName', label: t.lastName, maxLength: 100 },
    { name: 'userName', label: t.userName, noSpaces: true, maxLength: 100 },
    { name: 'email', label: t.email, maxLength: 254 },
    {
      name: 'status',
      label: t.status,
      // Full width on a phone: 'Pending first login' does not fit half of it.
      size: { xs: 12, md: 2.4 },
      options: [{ value: ALL, label: t.statusAll }, ...USER_STATUSES.map((s) => ({ value: s, label: USER_STATUS_LABELS[s] }))],
    },
  ];
  return (
    <FilterForm
      title={t.filterTitle}
      fields={fields}
      empty={EMPTY_FILTER}
      initial={initial}
      fieldSize={{ xs: 6, md: 2.4 }}
      onApply={onApply}
    />
  );
}
