import { type FilterField, FilterForm } from '../../../components/filter-form';
import type { UserFilter } from '../api/user-queries';
import { useUsersMessages } from '../i18n';

export const EMPTY_FILTER: UserFilter = { firstName: '', lastName: '', userName: '', email: '' };

/** 'Filter Users': First Name, Last Name, User Name and Email with Reset and Submit (spec 000 §2). */
export function UserFilters({ onApply }: { onApply: (filter: UserFilter) => void }) {
  const t = useUsersMessages();
  const fields: FilterField<UserFilter>[] = [
    { name: 'firstName', label: t.firstName, maxLength: 100 },
    { name: 'lastName', label: t.lastName, maxLength: 100 },
    { name: 'userName', label: t.userName, noSpaces: true, maxLength: 100 },
    { name: 'email', label: t.email, maxLength: 254 },
  ];
  return <FilterForm title={t.filterTitle} fields={fields} empty={EMPTY_FILTER} fieldSize={{ xs: 6, md: 3 }} onApply={onApply} />;
}
