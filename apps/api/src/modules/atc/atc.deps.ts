import type { FastifyBaseLogger } from 'fastify';

import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/client';
import type { AuditService } from '../audit/audit.service';
import type { FilesService } from '../files/files.service';

export interface AtcDeps {
  db: Database;
  clock: Clock;
  audit: AuditService;
  files: FilesService;
  log: FastifyBaseLogger;
}
