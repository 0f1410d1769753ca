import { randomBytes } from 'node:crypto';

import type { FastifyBaseLogger } from 'fastify';

import { LOAD_CENTRE_ROLES } from '@stoa/shared/account';
import { enInterState } from '@stoa/shared/messages';
import { RECEIPT_CODE_ALPHABET, RECEIPT_CODE_LENGTH } from '@stoa/shared/payments';

import type { RequestUser } from '../../platform/auth';
import type { Clock } from '../../platform/clock';
import type { Database, DbOrTx } from '../../platform/db/client';
import { AppError } from '../../platform/errors';
import type { AuditService } from '../audit/audit.service';
import type { ConfigurationService } from '../configuration/configuration.service';
import type { FilesService } from '../files/files.service';
import type { NotificationsService } from '../notifications/notifications.service';
import { partiesRepository } from '../registrations/registrations.parties.repository';
import { registrationsRepository, type Viewer } from '../registrations/registrations.repository';
import type { ClearanceScope } from './standing-clearance.repository';

/** What every use case of the inter-state module is given (app.ts builds it once). */
export interface InterStateDeps {
  db: Database;
  clock: Clock;
  audit: AuditService;
  configuration: ConfigurationService;
  notifications: NotificationsService;
  /** The stored files the utilisation upload reads (decision 0063). */
  files: FilesService;
  /** The portal's address, for the verification link and QR code printed on certificates (config PUBLIC_URL). */
  publicUrl?: string;
  log?: FastifyBaseLogger;
}

const E = enInterState.standingClearance.errors;
export const notFound = () => new AppError('NOT_FOUND', E.notFound);
export const conflict = () => new AppError('CONFLICT', E.statusConflict);
export const isLoadCentre = (role: string) => (LOAD_CENTRE_ROLES as readonly string[]).includes(role);

/** The record type of the fee dues this module raises. */
export const STANDING_CLEARANCE_RECORD_TYPE = 'StandingClearance';

/** The signed-in user and the clearances it may see (401 when the account is gone). */
export async function scopeOf(db: DbOrTx, actor: RequestUser): Promise<{ viewer: Viewer; scope: ClearanceScope }> {
  const viewer = await registrationsRepository.viewer(db, actor.id);
  if (!viewer) throw new AppError('UNAUTHENTICATED');
  const linkedApplicantIds =
    viewer.role === 'Trader' ? [...new Set((await partiesRepository.traderLinks(db, viewer.id)).map((l) => l.applicantUserId))] : [];
  return { viewer, scope: { role: viewer.role, userId: viewer.id, linkedApplicantIds, utilityId: viewer.utilityId } };
}

/** The users whose registrations the caller may apply with: a trader's associated applicants, else the caller. */
export const ownersOf = (scope: ClearanceScope) => (scope.role === 'Trader' ? scope.linkedApplicantIds : [scope.userId]);

/** 12 characters of Crockford base32 from the CSPRNG, as receipts use (decision 0049): 60 bits, unguessable. */
export function newVerificationCode(): string {
  return [...randomBytes(RECEIPT_CODE_LENGTH)].map((b) => RECEIPT_CODE_ALPHABET[b & 31]).join('');
}

/** `SCA/2026/000123`, `NOC/PX/2026/000045`. */
export const applicationNumber = (year: string, n: number) => `SCA/${year}/${String(n).padStart(6, '0')}`;
export const certificateNumber = (type: 'PowerExchange' | 'Bilateral', year: string, n: number) =>
  `NOC/${type === 'PowerExchange' ? 'PX' : 'BL'}/${year}/${String(n).padStart(6, '0')}`;
