import type { RequestUser } from '../../platform/auth';
import type { Database } from '../../platform/db/client';
import { inTransaction } from '../../platform/db/transaction';
import type { AuditService } from '../audit/audit.service';
import type { JobService } from './jobs.service';

/**
 * 'Run now' on the Admin's Recurring Jobs page: queues a run of a scheduled job (404 for an
 * unknown or unscheduled one) and records who asked, with the queued job's id.
 */
export async function triggerRecurringJob(
  deps: { jobs: Pick<JobService, 'triggerNow'>; db: Database; audit: AuditService },
  actor: RequestUser,
  id: string,
  meta: { requestId: string },
): Promise<{ id: string; jobId: string | null }> {
  const jobId = await deps.jobs.triggerNow(id);
  await inTransaction(deps.db, (tx) =>
    deps.audit.record(tx, {
      actor: { id: actor.id, role: actor.role },
      action: 'JOB_TRIGGERED',
      entity: 'RecurringJob',
      entityId: id,
      after: { jobId },
      requestId: meta.requestId,
    }),
  );
  return { id, jobId };
}
