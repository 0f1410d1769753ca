import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/client';
import type { AuditService } from '../audit/audit.service';
import type { FilesService } from '../files/files.service';
import type { NotificationsService } from '../notifications/notifications.service';

/** What every use case of the payments module is given (app.ts builds it once). */
export interface PaymentsDeps {
  db: Database;
  clock: Clock;
  audit: AuditService;
  files: FilesService;
  notifications: NotificationsService;
  /** The portal's address, for the verify link printed on receipts (config PUBLIC_URL). */
  publicUrl?: string;
}

export { type Meta, recordChange } from '../audit/record-change';
