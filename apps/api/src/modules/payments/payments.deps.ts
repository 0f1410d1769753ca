import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/client';
import type { AuditService } from '../audit/audit.service';

/** What every use case of the payments module is given (app.ts builds it once). */
export interface PaymentsDeps {
  db: Database;
  clock: Clock;
  audit: AuditService;
}

export { type Meta, recordChange } from '../audit/record-change';
