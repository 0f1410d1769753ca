import type { RequestUser } from '../../platform/auth';
import type { Tx } from '../../platform/db/client';
import type { AuditService } from './audit.service';

export type Meta = { requestId: string };

/** The audit row of a change by `actor`, written in the change's transaction (configuration, payments). */
export const recordChange = (
  deps: { audit: AuditService },
  tx: Tx,
  actor: RequestUser,
  action: string,
  entity: string,
  entityId: string,
  before: unknown,
  after: unknown,
  meta: Meta,
) =>
  deps.audit.record(tx, { actor: { id: actor.id, role: actor.role }, action, entity, entityId, before, after, requestId: meta.requestId });
