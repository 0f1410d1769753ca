import { useMemo } from 'react';

import { ALL, type EntityType } from '@stoa/shared/account';
import { REGISTRATION_STATUS_LABELS, REGISTRATION_STATUSES } from '@stoa/shared/registrations';

import { type FilterField, FilterForm } from '../../../components/filter-form';
import { EMPTY_FILTER, type RegistrationFilter } from '../api/registration-queries';
import { useRegistrationsMessages } from '../i18n';

/**
 * The reviewers' filter: status (the spec's labels, plus All), entity type, entity name and
 * registration number, with Reset and Submit.
 */
export function RegistrationFilters({
  entityTypes,
  onApply,
  initial,
}: {
  entityTypes: readonly EntityType[];
  onApply: (filter: RegistrationFilter) => void;
  initial?: RegistrationFilter;
}) {
  const t = useRegistrationsMessages();
  const fields = useMemo<FilterField<RegistrationFilter>[]>(() => {
    const all = { value: ALL, label: t.list.all };
    return [
      {
        name: 'status',
        label: t.list.statusFilter,
        options: [all, ...REGISTRATION_STATUSES.map((s) => ({ value: s, label: REGISTRATION_STATUS_LABELS[s] }))],
      },
      // A list of one entity type has nothing to choose.
      ...(entityTypes.length > 1
        ? [
            {
              name: 'entityType' as const,
              label: t.list.entityType,
              options: [all, ...entityTypes.map((e) => ({ value: e, label: t.entityTypeLabels[e] }))],
            },
          ]
        : []),
      { name: 'entityName', label: t.list.entityName, maxLength: 200 },
      { name: 'registrationNo', label: t.list.registrationNo, maxLength: 50 },
    ];
  }, [t, entityTypes]);
  return (
    <FilterForm
      title={t.web.filterTitle}
      fields={fields}
      empty={EMPTY_FILTER}
      initial={initial}
      fieldSize={{ xs: 12, sm: 6, md: 3 }}
      onApply={onApply}
    />
  );
}
