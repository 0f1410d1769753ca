import {
  eligibleParty,
  isrBody,
  isrVisibleTo,
  uploadFor,
} from '../../src/modules/inter-state-registrations/inter-state-registrations.test-fixtures';
import type { Prepare } from '../auth-matrix';

/** Inter-state registration (decision 0076): a record each role sees, in the status its call needs. */
type Status = Parameters<typeof isrVisibleTo>[2];
/** Where each reviewer acts: the SLDC business user on Submitted, the utility on its consent, the approvers last. */
const reviewStatus = (role: string): Status =>
  role === 'SLDCApproverI' || role === 'SLDCApproverII'
    ? 'PendingSLDCApproval'
    : role === 'DISCOMBusinessUser'
      ? 'PendingDISCOMApproval'
      : role === 'TRANSCOBusinessUser'
        ? 'PendingTRANSCOApproval'
        : 'Submitted';
const page = { pageNumber: '1', pageSize: '10' };
const decision = (d: { id: string; version: number }, remarks = '') => ({ params: { id: d.id }, body: { version: d.version, remarks } });

export const prepare: Record<string, Prepare> = {
  'InterState.GetRegistrations': () => ({ query: page }),
  'InterState.GetRegistration': async (c, u) => ({ params: { id: (await isrVisibleTo(c, u, 'Submitted')).id } }),
  'InterState.GetEligibleRegistrations': () => ({}),
  'InterState.SubmitRegistration': async (c, u) => {
    const reg = await eligibleParty(c, u.id);
    return { body: isrBody(reg.id, { noar: await uploadFor(c, u.id), meter: await uploadFor(c, u.id, 'meter.pdf') }) };
  },
  'InterState.ApproveAndForward': async (c, u) => decision(await isrVisibleTo(c, u, 'Submitted')),
  'InterState.Approve': async (c, u) => decision(await isrVisibleTo(c, u, reviewStatus(u.role))),
  'InterState.SeekClarification': async (c, u) =>
    decision(await isrVisibleTo(c, u, reviewStatus(u.role)), 'Upload the signed NOAR certificate'),
  'InterState.Reject': async (c, u) => decision(await isrVisibleTo(c, u, reviewStatus(u.role)), 'Not embedded in this utility'),
  'InterState.DownloadRegistrationDetail': async (c, u) => ({ params: { id: (await isrVisibleTo(c, u, 'Submitted')).id } }),
  'InterState.DownloadRegistrationComparisons': async (c, u) => ({ params: { id: (await isrVisibleTo(c, u, 'Submitted')).id } }),
  'InterState.DownloadFile': async (c, u) => {
    const d = await isrVisibleTo(c, u, 'Submitted');
    return { params: { fileId: d.documents[0]!.fileId } };
  },
};
