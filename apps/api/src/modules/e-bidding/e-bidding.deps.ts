import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/client';
import type { AuditService } from '../audit/audit.service';
import type { ConfigurationService } from '../configuration/configuration.service';
import type { NotificationsService } from '../notifications/notifications.service';

/** What the e-bidding use cases need, passed explicitly to each (bound once in `e-bidding.service.ts`). */
export interface EBiddingDeps {
  db: Database;
  clock: Clock;
  audit: AuditService;
  configuration: ConfigurationService;
  notifications: NotificationsService;
}
