/**
 * The set-up the workflow route tests share (inter-state registrations, consents, standing clearances):
 * one test app per file on the injected clock, the load centre signed in once, and the reads of the
 * notifications, audit rows and field errors their assertions make.
 */
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach } from 'vitest';

import { auditLog } from '../src/modules/audit/audit.tables';
import { notifications } from '../src/modules/notifications/notifications.tables';
import { signIn, type SignedIn } from '../src/modules/registrations/registrations.test-fixtures';
import { buildTestApp, type TestContext } from './build-test-app';

/** A test file's app and the SLDC business user and both SLDC approvers, signed in once. */
export interface LoadCentreApp {
  ctx: TestContext;
  sldc: SignedIn;
  approver1: SignedIn;
  approver2: SignedIn;
}

/**
 * Registers the file's hooks: before all tests, a test app with its clock at `now` and the load centre
 * signed in, handed to `ready` (the file keeps them in its own variables); before each test, the clock
 * back at `now`; after all, the app closed.
 */
export function loadCentreApp(now: Date, ready: (app: LoadCentreApp) => void): void {
  let ctx: TestContext | undefined;
  beforeAll(async () => {
    const app = await buildTestApp();
    ctx = app;
    app.clock.set(now);
    ready({
      ctx: app,
      sldc: await signIn(app, 'SLDCBusinessUser'),
      approver1: await signIn(app, 'SLDCApproverI'),
      approver2: await signIn(app, 'SLDCApproverII'),
    });
  });
  afterAll(() => ctx?.close());
  beforeEach(() => ctx?.clock.set(now));
}

/** A response's field errors (spec envelope `errorResponse`) by field name. */
export const fieldErrorsOf = (res: { json(): { errorResponse?: { fieldName: string; errorMessages: string[] }[] } }) =>
  Object.fromEntries((res.json().errorResponse ?? []).map((f) => [f.fieldName, f.errorMessages]));

/** The notification texts a user has received. */
export const notificationMessages = async (ctx: TestContext, userId: string) =>
  (await ctx.database.db.select().from(notifications).where(eq(notifications.userId, userId))).map((x) => x.message);

/** The audit actions written for a record, oldest first. */
export const auditActions = async (ctx: TestContext, entityId: string) =>
  (await ctx.database.db.select().from(auditLog).where(eq(auditLog.entityId, entityId)).orderBy(asc(auditLog.id))).map((a) => a.action);
