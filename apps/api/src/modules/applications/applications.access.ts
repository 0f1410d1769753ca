import type { FastifyBaseLogger } from 'fastify';

import type { ApplicationActor, ApplicationType } from '@stoa/shared/applications';
import { enApplications } from '@stoa/shared/messages';
import type { EntityType, Role } from '@stoa/shared/account';

import type { RequestUser } from '../../platform/auth';
import type { Clock } from '../../platform/clock';
import type { Database, DbOrTx, Tx } from '../../platform/db/client';
import { AppError } from '../../platform/errors';
import type { AuditService } from '../audit/audit.service';
import type { ConfigurationService } from '../configuration/configuration.service';
import type { NotificationsService } from '../notifications/notifications.service';
import { partiesRepository } from '../registrations/registrations.parties.repository';
import { registrationsRepository, type Viewer } from '../registrations/registrations.repository';
import { applicationsRepository as repo, type ApplicationRecord } from './applications.repository';

/** What every use case of the applications module is given (app.ts builds it once). */
export interface ApplicationsDeps {
  db: Database;
  clock: Clock;
  audit: AuditService;
  configuration: ConfigurationService;
  notifications: NotificationsService;
  log?: FastifyBaseLogger;
}

const E = enApplications.errors;
export const LOAD_CENTRE: readonly Role[] = ['SLDCBusinessUser', 'SLDCApproverI', 'SLDCApproverII'];
/** The entity types that may sell (inject), resp. buy (draw). */
export const SELLER_TYPES: readonly EntityType[] = ['InjectingEntity', 'BothEntity'];
export const BUYER_TYPES: readonly EntityType[] = ['DraweeEntity', 'BothEntity'];
export const canSell = (entityType: string) => (SELLER_TYPES as readonly string[]).includes(entityType);
export const canBuy = (entityType: string) => (BUYER_TYPES as readonly string[]).includes(entityType);

export const notFound = () => new AppError('NOT_FOUND', E.notFound);
export const registrationNotFound = () => new AppError('NOT_FOUND', E.registrationNotFound);
export const conflict = () => new AppError('CONFLICT', E.statusConflict);
export const typeLabel = (type: ApplicationType) => enApplications.typeLabels[type];

/** The signed-in user with what the record scope needs (401 when the account is gone). */
export async function viewerOf(db: DbOrTx, actor: RequestUser): Promise<Viewer> {
  const v = await registrationsRepository.viewer(db, actor.id);
  if (!v) throw new AppError('UNAUTHENTICATED');
  return v;
}

/** The owner of the application's trader registration (the trader user), if any. */
export async function traderOwnerOf(db: DbOrTx, row: ApplicationRecord): Promise<string | null> {
  if (!row.traderRegistrationId) return null;
  return (await partiesRepository.byIds(db, [row.traderRegistrationId])).get(row.traderRegistrationId)?.ownerUserId ?? null;
}

/** How the viewer acts on the application: as its applicant, as its trader, or by its load-centre role. */
export function actorsOf(v: Viewer, row: ApplicationRecord, traderOwnerId: string | null): ApplicationActor[] {
  const actors: ApplicationActor[] = [];
  if (row.applicantUserId === v.id) actors.push('Applicant');
  if (v.role === 'Trader' && (row.createdByUserId === v.id || traderOwnerId === v.id)) actors.push('ApplicationTrader');
  if (LOAD_CENTRE.includes(v.role)) actors.push(v.role);
  return actors;
}

/**
 * The application to act on, locked: in the viewer's scope, else 403 for the counterparty (a
 * seller or buyer that may read it, decision 0021), else 404.
 */
export async function lockedForAction(tx: Tx, v: Viewer, id: string): Promise<ApplicationRecord | undefined> {
  const row = await repo.findVisible(tx, v, id, { lock: true });
  if (!row && (await repo.findReadable(tx, v, id))) throw new AppError('FORBIDDEN', E.counterpartyReadOnly);
  return row;
}

/** An application the viewer may read (its scope, or as the counterparty), of the type if given; else 404. */
export async function readableOr404(db: DbOrTx, v: Viewer, id: string, type?: ApplicationType): Promise<ApplicationRecord> {
  const row = await repo.findReadable(db, v, id);
  if (!row || (type && row.type !== type)) throw notFound();
  return row;
}
