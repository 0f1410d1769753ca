import { type FilterField, FilterForm } from '../../../components/filter-form';

/** The filter of the inter-state lists (consents, standing clearances): a status (or All) and a search text. */
export interface StatusSearchFilter<S extends string> {
  status: S | 'All';
  search: string;
}

/** The cleared filter: every status, no search text. */
export const EMPTY_STATUS_SEARCH: StatusSearchFilter<never> = { status: 'All', search: '' };

/** The list query's part of a filter: the status unless All, the search text trimmed unless empty. */
export function statusSearchQuery<S extends string>(f: StatusSearchFilter<S>): { status?: S; search?: string } {
  const q: { status?: S; search?: string } = {};
  if (f.status !== 'All') q.status = f.status;
  const search = f.search.trim();
  if (search) q.search = search;
  return q;
}

export interface StatusSearchFiltersProps<S extends string> {
  statuses: readonly S[];
  statusLabels: Record<S, string>;
  /** The card's title and the fields' labels. */
  text: { filterTitle: string; allStatuses: string; status: string; search: string };
  onApply: (filter: StatusSearchFilter<S>) => void;
  /** The values shown at first (a list opened from a dashboard figure with `?status=`, decision 0079). */
  initial?: StatusSearchFilter<S>;
}

/** The filter card of an inter-state list: Status (All first) and Search, with Reset and Submit. */
export function StatusSearchFilters<S extends string>({ statuses, statusLabels, text, onApply, initial }: StatusSearchFiltersProps<S>) {
  const fields: FilterField<StatusSearchFilter<S>>[] = [
    {
      name: 'status',
      label: text.status,
      options: [{ value: 'All', label: text.allStatuses }, ...statuses.map((s) => ({ value: s, label: statusLabels[s] }))],
    },
    { name: 'search', label: text.search, maxLength: 100, size: { xs: 12, sm: 6, md: 8 } },
  ];
  return (
    <FilterForm<StatusSearchFilter<S>>
      title={text.filterTitle}
      fields={fields}
      empty={EMPTY_STATUS_SEARCH}
      fieldSize={{ xs: 12, sm: 6, md: 4 }}
      onApply={onApply}
      initial={initial}
    />
  );
}
