import type { z } from 'zod';

import type {
  addTraderSchema,
  associatedEntityListSchema,
  associatedEntityQuerySchema,
  registeredTraderListSchema,
  traderRegistrationListSchema,
} from '@stoa/shared/traders';
import { enRegistrations } from '@stoa/shared/messages';
import type { EntityType } from '@stoa/shared/account';
import { WEB_LINKS } from '@stoa/shared/navigation';

import type { RequestUser } from '../../platform/auth';
import type { Clock } from '../../platform/clock';
import type { Database, Tx } from '../../platform/db/client';
import { inTransaction } from '../../platform/db/transaction';
import { AppError, notFound } from '../../platform/errors';
import type { RequestMeta } from '../account/account.service';
import type { AuditService } from '../audit/audit.service';
import type { NotificationsService } from '../notifications/notifications.service';
import { usersRepository } from '../users/users.repository';
import { type Page, tradersRepository } from './traders.repository';

type AssociatedEntityQuery = z.output<typeof associatedEntityQuerySchema>;
const T = enRegistrations.traders;

/**
 * Trader management (spec 001 §2 Trader screens, §7): an OA applicant picks traders with an
 * approved registration; a trader sees its applicants that hold an approved registration.
 */
export interface TradersDeps {
  db: Database;
  clock: Clock;
  audit: AuditService;
  notifications: NotificationsService;
}

/** How the applicant is named to the trader: its entity, else its person. */
async function applicantName(tx: Tx, userId: string): Promise<string> {
  const user = await usersRepository.findById(tx, userId);
  return user?.entityName || `${user?.firstName ?? ''} ${user?.lastName ?? ''}`.trim() || 'An applicant';
}

/** The trader selection: approved traders, less those already on the applicant's list. */
export async function findRegisteredTraders(
  deps: Pick<TradersDeps, 'db'>,
  actor: RequestUser,
): Promise<z.input<typeof registeredTraderListSchema>> {
  return tradersRepository.findApprovedTraders(deps.db, actor.id);
}

/** The applicant's traders, newest first, one page. */
export async function findTradersOfApplicant(
  deps: Pick<TradersDeps, 'db'>,
  actor: RequestUser,
  page: Page,
): Promise<z.input<typeof traderRegistrationListSchema>> {
  const { rows, total } = await tradersRepository.findTradersOfApplicant(deps.db, actor.id, page);
  return {
    registrationList: rows.map((r) => ({ ...r, registrationEntityType: r.registrationEntityType as EntityType })),
    dataCount: total,
  };
}

/**
 * Adds a trader to the applicant's list. The trader's registration must exist (404) and be
 * approved (422). Already on the list → false, also when a concurrent add won the race.
 */
export async function addTrader(
  deps: TradersDeps,
  actor: RequestUser,
  input: z.output<typeof addTraderSchema>,
  meta: RequestMeta,
): Promise<boolean> {
  const { clock, audit, notifications } = deps;
  return inTransaction(deps.db, async (tx) => {
    const trader = await tradersRepository.findTraderRegistration(tx, input.traderId);
    if (!trader) throw notFound('trader');
    if (trader.status !== 'Approved') throw AppError.field('BUSINESS_RULE', 'traderId', T.notApproved);
    const row = await tradersRepository.insertAssociation(tx, {
      applicantUserId: actor.id,
      traderRegistrationId: trader.id,
      // The registered name, whatever the client sent.
      entityName: trader.entityName,
      createdOn: clock.now(),
    });
    if (!row) return false;
    await audit.record(tx, {
      actor: { id: actor.id, role: actor.role },
      action: 'TRADER_ADDED',
      entity: 'TraderAssociation',
      entityId: row.id,
      after: { applicantUserId: row.applicantUserId, traderRegistrationId: row.traderRegistrationId, entityName: row.entityName },
      requestId: meta.requestId,
    });
    await notifications.notify(tx, {
      userId: trader.ownerUserId,
      message: T.notifyAdded(await applicantName(tx, actor.id)),
      link: WEB_LINKS.entities(),
    });
    return true;
  });
}

/** Removes a trader from the applicant's own list (the row is kept, marked deleted). */
export async function removeTrader(deps: TradersDeps, actor: RequestUser, id: string, meta: RequestMeta): Promise<boolean> {
  const { clock, audit, notifications } = deps;
  return inTransaction(deps.db, async (tx) => {
    const before = await tradersRepository.findActiveAssociationForUpdate(tx, id, actor.id);
    if (!before) throw notFound('trader');
    const after = await tradersRepository.softDelete(tx, id, clock.now());
    await audit.record(tx, {
      actor: { id: actor.id, role: actor.role },
      action: 'TRADER_REMOVED',
      entity: 'TraderAssociation',
      entityId: id,
      before: { deletedOn: null },
      after: { deletedOn: after.deletedOn },
      requestId: meta.requestId,
    });
    const trader = await tradersRepository.findTraderRegistration(tx, before.traderRegistrationId);
    if (trader)
      await notifications.notify(tx, {
        userId: trader.ownerUserId,
        message: T.notifyRemoved(await applicantName(tx, actor.id)),
        link: WEB_LINKS.entities(),
      });
    return true;
  });
}

/** The applicants with an approved registration associated with the signed-in trader. */
export async function findApplicantsOfTrader(
  deps: Pick<TradersDeps, 'db'>,
  actor: RequestUser,
  query: AssociatedEntityQuery,
): Promise<z.input<typeof associatedEntityListSchema>> {
  const traderIds = await tradersRepository.traderRegistrationIdsOfUser(deps.db, actor.id);
  const { entityName, entityType, registrationNo, pageNumber, pageSize } = query;
  const { rows, total } = await tradersRepository.findApplicantsOfTrader(
    deps.db,
    traderIds,
    { entityName, entityType, registrationNo },
    { pageNumber, pageSize },
  );
  return {
    registrationList: rows.map((r) => ({ ...r, entityType: r.entityType as EntityType, addedOn: new Date(r.addedOn).toISOString() })),
    dataCount: total,
  };
}

export function createTradersService(deps: TradersDeps) {
  return {
    findRegisteredTraders: (actor: RequestUser) => findRegisteredTraders(deps, actor),
    findTradersOfApplicant: (actor: RequestUser, page: Page) => findTradersOfApplicant(deps, actor, page),
    addTrader: (actor: RequestUser, input: z.output<typeof addTraderSchema>, meta: RequestMeta) => addTrader(deps, actor, input, meta),
    removeTrader: (actor: RequestUser, id: string, meta: RequestMeta) => removeTrader(deps, actor, id, meta),
    findApplicantsOfTrader: (actor: RequestUser, query: AssociatedEntityQuery) => findApplicantsOfTrader(deps, actor, query),
  };
}
export type TradersService = ReturnType<typeof createTradersService>;
