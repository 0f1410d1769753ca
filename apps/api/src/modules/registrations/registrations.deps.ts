import type { FastifyBaseLogger } from 'fastify';

import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/client';
import type { AuditService } from '../audit/audit.service';
import type { ConfigurationService } from '../configuration/configuration.service';
import type { FilesService } from '../files/files.service';
import type { NotificationsService } from '../notifications/notifications.service';

/** Everything the registration use cases depend on; each use case takes the part it needs. */
export interface RegistrationsDeps {
  db: Database;
  clock: Clock;
  audit: AuditService;
  configuration: ConfigurationService;
  files: FilesService;
  notifications: NotificationsService;
  log?: FastifyBaseLogger;
}
