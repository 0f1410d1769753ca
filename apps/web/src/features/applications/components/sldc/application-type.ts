import { APPLICATION_TYPES, type ApplicationType } from '@stoa/shared/applications';
import { buildPath } from '@stoa/shared/common';
import { WEB_ROUTES } from '@stoa/shared/navigation';

/** The menu's four kinds (spec 001 §2): 'Contingency' stands for both contingency types. */
export type SldcMenuKind = 'Advance' | 'DayAhead' | 'FCFS' | 'Contingency';
export const CONTINGENCY_TYPES = ['ContingencyDayAhead', 'ContingencySameDay'] as const satisfies readonly ApplicationType[];

export interface SldcTypeRoute {
  /** The type the page reads (GetAll/{type}, ProcessApplications/{type}/…). */
  type: ApplicationType;
  /** The menu entry it belongs to: contingency types show a tab per type. */
  kind: SldcMenuKind;
}

export function isApplicationType(value: string | null | undefined): value is ApplicationType {
  return (APPLICATION_TYPES as readonly string[]).includes(value ?? '');
}

const isContingency = (type: ApplicationType) => (CONTINGENCY_TYPES as readonly string[]).includes(type);

/**
 * The `:applicationType` of an SLDC page: a type, or 'Contingency' (the menu entry; `?type=` picks
 * ContingencySameDay, else ContingencyDayAhead); no type is the first menu entry, Advance. Anything
 * else is null (not found).
 */
export function parseSldcType(param: string | undefined, searchType?: string | null): SldcTypeRoute | null {
  if (param === undefined || param === '') return { type: 'Advance', kind: 'Advance' };
  if (param === 'Contingency')
    return { type: searchType === 'ContingencySameDay' ? 'ContingencySameDay' : 'ContingencyDayAhead', kind: 'Contingency' };
  if (!isApplicationType(param)) return null;
  return { type: param, kind: isContingency(param) ? 'Contingency' : (param as SldcMenuKind) };
}

/**
 * The URL segment of a type: the contingency types live under the menu's 'Contingency' entry (with
 * `?type=`), so the menu keeps it highlighted; the others are their own segment.
 */
const segment = (type: ApplicationType) => (isContingency(type) ? 'Contingency' : type);
const query = (params: Record<string, string | undefined>) => {
  const search = new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => e[1] !== undefined)).toString();
  return search ? `?${search}` : '';
};

export const sldcListPath = (type: ApplicationType) =>
  buildPath(WEB_ROUTES.sldcApplications.path, { applicationType: segment(type) }) + query({ type: isContingency(type) ? type : undefined });
export const sldcViewPath = (type: ApplicationType, id: string) =>
  buildPath(WEB_ROUTES.sldcApplicationView.path, { applicationType: segment(type), id });
export const sldcProcessingPath = (type: ApplicationType, date?: string) =>
  buildPath(WEB_ROUTES.sldcApplicationProcessing.path, { applicationType: segment(type) }) +
  query({ type: isContingency(type) ? type : undefined, date });
