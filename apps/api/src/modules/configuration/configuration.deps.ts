import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/client';
import type { AuditService } from '../audit/audit.service';

export interface ConfigurationDeps {
  db: Database;
  clock: Clock;
  audit: AuditService;
}

export { type Meta, recordChange } from '../audit/record-change';
