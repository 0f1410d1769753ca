import { createHmac } from 'node:crypto';

import type { TokenSigner } from '../../platform/auth';
import type { Clock } from '../../platform/clock';
import type { Database, Tx } from '../../platform/db/client';
import { inTransaction } from '../../platform/db/transaction';
import type { AuditService } from '../audit/audit.service';
import type { CaptchaService } from './captcha';
import type { LoginThrottle } from './login-throttle';

/** What a use case knows of the request: its id (audit rows) and the client's address. */
export interface RequestMeta {
  requestId: string;
  ip?: string;
}

export interface AccountServiceDeps {
  db: Database;
  clock: Clock;
  audit: AuditService;
  signer: TokenSigner;
  captcha: CaptchaService;
  loginCaptcha: boolean;
  /** Failed sign-ins per client address (decision 0081). */
  loginThrottle: LoginThrottle;
  codeSecret: string;
  publicUrl: string;
  /** Called after a commit that queued mail. */
  onMailQueued: () => void;
}

/** The stored form of a verification code: an HMAC (keyed by `codeSecret`) of its MD5, as the client sends it. */
export const codeHash = (deps: Pick<AccountServiceDeps, 'codeSecret'>, md5: string) =>
  createHmac('sha256', deps.codeSecret).update(md5.toLowerCase()).digest('hex');

/** Runs `fn` in a transaction and, once it committed, asks for the queued mail to be delivered. */
export async function commitAndMail<T>(deps: Pick<AccountServiceDeps, 'db' | 'onMailQueued'>, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const result = await inTransaction(deps.db, fn);
  deps.onMailQueued();
  return result;
}
