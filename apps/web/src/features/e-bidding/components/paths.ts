import { buildPath } from '@stoa/shared/common';
import type { InvitationList } from '@stoa/shared/e-bidding';
import { WEB_ROUTES } from '@stoa/shared/navigation';

type InvitationRow = InvitationList['invitationList'][number];

export const invitationPath = (id?: string) => buildPath(WEB_ROUTES.eBiddingInvitation.path, id ? { id } : {});
export const processPath = (id: string) => buildPath(WEB_ROUTES.eBiddingProcess.path, { id });
export const detailsPath = (applicationId: string) => buildPath(WEB_ROUTES.eBiddingDetails.path, { id: applicationId });
/** Form ST3 of an invited application: `id` is the proposal or, before one exists, the e-bidding application. */
export const applyPath = (invitationId: string, applicationId: string, id: string) =>
  buildPath(WEB_ROUTES.eBiddingApply.path, { invitationId, applicationId, id });

/**
 * Where the action of an invitation row leads (spec 000 §4 'Action shown in the invitation list',
 * the action as the API computed it): Invite opens the draft Form ST2, Initiated the sent invitation,
 * Process and Result the process page, Apply and View Form ST3; 'Invitation Expired' leads nowhere.
 */
export function invitationActionTarget(row: InvitationRow): string | null {
  switch (row.action) {
    case 'Invite':
    case 'Initiated':
      return invitationPath(row.id);
    case 'Process':
    case 'Result':
      return processPath(row.id);
    case 'Apply':
    case 'View': {
      const id = row.proposalId ?? row.eBiddingApplicationId;
      return row.applicationId && id ? applyPath(row.id, row.applicationId, id) : null;
    }
    default:
      return null;
  }
}
