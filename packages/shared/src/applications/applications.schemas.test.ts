import { describe, expect, it } from 'vitest';

import { appliedApplicationsQuerySchema, applicationListQuerySchema } from './applications.schemas';
import { APPLICATION_STATUS_LABELS, APPLICATION_STATUSES, statusesLabelledAs } from './applications.workflow';

describe('statusesLabelledAs', () => {
  it("groups the statuses of one label: 'Pending SLDC approval' is STOAApproved and SLDCApproverIApproved", () => {
    expect(statusesLabelledAs('STOAApproved')).toEqual(['STOAApproved', 'SLDCApproverIApproved']);
    expect(statusesLabelledAs('SLDCApproverIApproved')).toEqual(['STOAApproved', 'SLDCApproverIApproved']);
    expect(statusesLabelledAs('Returned')).toEqual(['Returned']);
    for (const s of APPLICATION_STATUSES) {
      expect(statusesLabelledAs(s)).toContain(s);
      expect(statusesLabelledAs(s).every((x) => APPLICATION_STATUS_LABELS[x] === APPLICATION_STATUS_LABELS[s])).toBe(true);
    }
  });
});

describe('appliedApplicationsQuerySchema.statuses', () => {
  const parse = (query: Record<string, unknown>) => appliedApplicationsQuerySchema.safeParse(query);

  it('reads a comma-separated list, a repeated key or an array; drops blanks and repeats', () => {
    expect(parse({ statuses: 'STOAApproved,SLDCApproverIApproved' }).data?.statuses).toEqual(['STOAApproved', 'SLDCApproverIApproved']);
    expect(parse({ statuses: ['STOAApproved', 'SLDCApproverIApproved,STOAApproved'] }).data?.statuses).toEqual([
      'STOAApproved',
      'SLDCApproverIApproved',
    ]);
    expect(parse({ statuses: ' Approved , ' }).data?.statuses).toEqual(['Approved']);
    expect(parse({ statuses: '' }).data?.statuses).toEqual([]);
    expect(parse({}).data?.statuses).toBeUndefined();
  });

  it('keeps `status` as it was and refuses an unknown status in the list', () => {
    expect(parse({ status: 'Returned' }).data).toMatchObject({ status: 'Returned', pageNumber: 1 });
    expect(parse({ status: 'Pending' }).success).toBe(false);
    const bad = parse({ statuses: 'Approved,Pending' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.path[0]).toBe('statuses');
  });

  it('is only on the own list; the SLDC list query has no statuses', () => {
    expect('statuses' in applicationListQuerySchema.shape).toBe(false);
  });
});
