import { enRegistrations } from '@stoa/shared/messages';
import type { EntityType, Role } from '@stoa/shared/account';

import type { RequestUser } from '../../platform/auth';
import type { DbOrTx } from '../../platform/db/client';
import { AppError } from '../../platform/errors';
import type { FileOwnerReadCheck } from '../files/files.policy';
import { type RegistrationRecord, registrationsRepository as repo, type Viewer } from './registrations.repository';

/**
 * Who may see which registration. The record-level scope itself (own records; a utility's records
 * in its zone; everything but drafts for the load centre) is SQL: `scopeOf` in the repository.
 */

const E = enRegistrations.errors;

/** The load-centre roles: they review every registration and download its PDFs. */
export const LOAD_CENTRE: readonly Role[] = ['SLDCBusinessUser', 'SLDCApproverI', 'SLDCApproverII'];

export const notFound = () => new AppError('NOT_FOUND', 'The requested registration was not found.');
export const conflict = () => new AppError('CONFLICT', E.statusConflict);

/** The signed-in user as a viewer of records; 401 when the user is gone. */
export async function viewerOf(db: DbOrTx, actor: RequestUser): Promise<Viewer> {
  const v = await repo.viewer(db, actor.id);
  if (!v) throw new AppError('UNAUTHENTICATED');
  return v;
}

/** The record if the viewer may see it (and it is of `entityType`, when given); 404 otherwise. */
export async function visibleOr404(db: DbOrTx, v: Viewer, id: string, entityType?: EntityType): Promise<RegistrationRecord> {
  const row = await repo.findVisible(db, v, id);
  if (!row || (entityType && row.entityType !== entityType)) throw notFound();
  return row;
}

/** The entity type a user registers: a trader is a Trader, an applicant the type of its profile. */
export function checkEntityType(v: Viewer, entityType: EntityType) {
  const own = v.role === 'Trader' ? 'Trader' : v.entityType;
  if (own !== entityType) throw new AppError('BUSINESS_RULE', E.entityTypeMismatch);
}

/**
 * Files of a registration: the owner, the load-centre roles and the DISCOM/TRANSCO users who see
 * the registration (or a renewal carrying its documents) may read them.
 */
export function canReadRegistrationFile(db: DbOrTx): FileOwnerReadCheck {
  return async (actor, ownerId) => {
    if (!ownerId) return false;
    const v = await repo.viewer(db, actor.id);
    return !!v && (await repo.visibleInChain(db, v, ownerId));
  };
}
