import { type FilterField, FilterForm } from '../../../components/filter-form';
import type { ApplicantFilter } from '../api/trader-queries';
import { useTradersMessages } from '../i18n';

export const EMPTY_FILTER: ApplicantFilter = { entityName: '', entityType: '', registrationNo: '' };

/** Applicant types a trader can be associated with (traders do not choose traders). */
const APPLICANT_TYPES = ['InjectingEntity', 'DraweeEntity', 'BothEntity'] as const;

/** 'Filter Applicants': Entity Name, Entity Type and Registration No. with Reset and Submit. */
export function EntityFilters({ onApply }: { onApply: (filter: ApplicantFilter) => void }) {
  const t = useTradersMessages();
  const fields: FilterField<ApplicantFilter>[] = [
    { name: 'entityName', label: t.list.entityName, maxLength: 200 },
    {
      name: 'entityType',
      label: t.list.entityType,
      options: [{ value: '', label: t.allEntityTypes }, ...APPLICANT_TYPES.map((value) => ({ value, label: t.entityTypeLabels[value] }))],
    },
    { name: 'registrationNo', label: t.list.registrationNo, maxLength: 50 },
  ];
  return <FilterForm title={t.filterTitle} fields={fields} empty={EMPTY_FILTER} fieldSize={{ xs: 12, sm: 6, md: 4 }} onApply={onApply} />;
}
