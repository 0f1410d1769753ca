import type { FastifyBaseLogger } from 'fastify';

import { enInterStateRegistration } from '@stoa/shared/messages';

import type { RequestUser } from '../../platform/auth';
import type { Clock } from '../../platform/clock';
import type { Database, DbOrTx } from '../../platform/db/client';
import { AppError } from '../../platform/errors';
import type { AuditService } from '../audit/audit.service';
import type { ConfigurationService } from '../configuration/configuration.service';
import type { FileOwnerReadCheck } from '../files/files.policy';
import type { FilesService } from '../files/files.service';
import type { NotificationsService } from '../notifications/notifications.service';
import { partiesRepository } from '../registrations/registrations.parties.repository';
import { usersRepository } from '../users/users.repository';
import {
  type InterStateRegistrationRecord,
  interStateRegistrationsRepository as repo,
  type InterStateScope,
} from './inter-state-registrations.repository';

/** What every use case of the inter-state registrations is given (app.ts builds it once). */
export interface InterStateRegistrationsDeps {
  db: Database;
  clock: Clock;
  audit: AuditService;
  configuration: ConfigurationService;
  files: FilesService;
  notifications: NotificationsService;
  log?: FastifyBaseLogger;
}

/** Owner type of the documents linked to an inter-state registration (files module policy). */
export const INTER_STATE_REGISTRATION_OWNER_TYPE = 'InterStateRegistration';

const E = enInterStateRegistration.errors;
export const notFound = () => new AppError('NOT_FOUND', E.notFound);
export const conflict = () => new AppError('CONFLICT', E.statusConflict);

/** The signed-in user and what it may see (401 when the account is gone). */
export async function scopeOf(db: DbOrTx, actor: RequestUser): Promise<InterStateScope> {
  const viewer = await usersRepository.viewer(db, actor.id);
  if (!viewer) throw new AppError('UNAUTHENTICATED');
  const linkedApplicantIds =
    viewer.role === 'Trader' ? [...new Set((await partiesRepository.traderLinks(db, viewer.id)).map((l) => l.applicantUserId))] : [];
  return { viewer, linkedApplicantIds };
}

/** The record if the caller may see it; 404 otherwise (its existence is not revealed). */
export async function visibleOr404(
  db: DbOrTx,
  s: InterStateScope,
  id: string,
  opts: { lock?: boolean } = {},
): Promise<InterStateRegistrationRecord> {
  const row = await repo.findVisible(db, s, id, opts);
  if (!row) throw notFound();
  return row;
}

/** Documents of an inter-state registration: whoever sees the record may read them. */
export function canReadInterStateRegistrationFile(db: DbOrTx): FileOwnerReadCheck {
  return async (actor, ownerId) => {
    if (!ownerId) return false;
    return !!(await repo.findVisible(db, await scopeOf(db, actor), ownerId));
  };
}
