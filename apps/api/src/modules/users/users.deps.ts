import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/client';
import type { AccountService } from '../account/account.service';
import type { AuditService } from '../audit/audit.service';
import type { NotificationsService } from '../notifications/notifications.service';

export interface UsersDeps {
  db: Database;
  clock: Clock;
  audit: AuditService;
  /** Mails the verification code of a new user or a password reset. */
  account: Pick<AccountService, 'sendVerificationCode'>;
  notifications: NotificationsService;
  /** Called after a commit that queued mail. */
  onMailQueued: () => void;
}
