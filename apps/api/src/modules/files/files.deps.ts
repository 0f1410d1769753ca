import type { FastifyBaseLogger } from 'fastify';

import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/client';
import type { FileStorage } from '../../platform/files/storage';
import type { AuditService } from '../audit/audit.service';
import type { FilePolicy } from './files.policy';

export interface FilesDeps {
  db: Database;
  clock: Clock;
  audit: AuditService;
  storage: FileStorage;
  maxBytes: number;
  /** Bytes one user may hold in files not yet attached to a record (issue 11 item 2). */
  quotaBytes?: number;
  log: FastifyBaseLogger;
  /** Who may read which file (the owning domains register their checks). */
  policy: FilePolicy;
}
