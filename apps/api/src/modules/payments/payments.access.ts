import { enPayments } from '@stoa/shared/messages';

import type { RequestUser } from '../../platform/auth';
import { AppError } from '../../platform/errors';

/**
 * Who may see and change what in payments (record policy; the role lists are on the endpoints).
 * A TDS declaration belongs to the applicant who made it: another user gets the same 404 as for a
 * declaration that does not exist, so ids of others' declarations are not confirmed.
 */
export function assertOwnsTdsConfig<T extends { userId: string }>(actor: RequestUser, row: T | undefined): T {
  if (!row || row.userId !== actor.id) throw new AppError('NOT_FOUND', enPayments.tds.errors.notFound);
  return row;
}
