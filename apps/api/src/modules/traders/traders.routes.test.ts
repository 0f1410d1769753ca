import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { auditLog } from '../audit/audit.tables';
import { notifications } from '../notifications/notifications.tables';
import { bearer, buildTestApp, createUser, login, type TestContext, type TestUser } from '../../../test/build-test-app';
import { associate, createApprovedTrader, createRegistration } from '../../../test/matrix/traders.prepare';
import { traderAssociations } from './traders.tables';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx.close());

async function signIn(user: TestUser) {
  return bearer((await login(ctx, user)).jwtToken);
}

const get = (url: string, headers: Record<string, string>) => ctx.app.inject({ method: 'GET', url, headers });
const add = (headers: Record<string, string>, traderId: string, entityName = 'Trader') =>
  ctx.app.inject({ method: 'POST', url: '/api/TraderManagement/TraderBasedOnUser/Add', headers, payload: { traderId, entityName } });
const remove = (headers: Record<string, string>, id: string) =>
  ctx.app.inject({ method: 'PATCH', url: `/api/TraderManagement/UserBasedTraders/Delete/${id}`, headers, payload: {} });
const myTraders = (headers: Record<string, string>, page = 1, size = 10) =>
  get(`/api/TraderManagement/UserBasedTraders/GetAll?pageNumber=${page}&pageSize=${size}`, headers);
const myApplicants = (headers: Record<string, string>, query = '') =>
  get(`/api/TraderManagement/EntityBasedOnTrader/GetAll?${query}`, headers);

async function notificationsOf(userId: string) {
  return (await ctx.database.db.select().from(notifications).where(eq(notifications.userId, userId))).map((n) => n.message);
}

describe('GetAllRegisteredTraders', () => {
  it('lists the traders with an approved registration (id = registration id, description = name)', async () => {
    const approved = await createApprovedTrader(ctx, { entityName: 'Aaa Approved Traders' });
    const pending = await createApprovedTrader(ctx, { entityName: 'Aaa Pending Traders', status: 'Submitted', registrationNo: null });
    const expired = await createApprovedTrader(ctx, { entityName: 'Aaa Expired Traders', status: 'Expired' });
    const oa = await createUser(ctx, 'OABusinessUser');
    // An approved registration of another entity type is not a trader.
    await createRegistration(ctx, oa.id, 'BothEntity', { entityName: 'Aaa Both Entity' });

    const res = await get('/api/TraderManagement/GetAllRegisteredTraders', await signIn(oa));
    expect(res.statusCode).toBe(200);
    const list = res.json().data as { id: string; description: string }[];
    expect(list).toContainEqual({ id: approved.registration.id, description: 'Aaa Approved Traders' });
    const ids = list.map((t) => t.id);
    expect(ids).not.toContain(pending.registration.id);
    expect(ids).not.toContain(expired.registration.id);
    expect(list.map((t) => t.description)).not.toContain('Aaa Both Entity');
  });
});

describe('GetAllRegisteredTraders hides the traders already added', () => {
  it("leaves out the caller's active traders, shows them again after a delete, and not for other applicants", async () => {
    const { registration } = await createApprovedTrader(ctx, { entityName: 'Aab Hidden Traders' });
    const oa = await createUser(ctx, 'OABusinessUser');
    const other = await createUser(ctx, 'OABusinessUser');
    const headers = await signIn(oa);
    const ids = async (h: Record<string, string>) =>
      ((await get('/api/TraderManagement/GetAllRegisteredTraders', h)).json().data as { id: string }[]).map((t) => t.id);

    expect(await ids(headers)).toContain(registration.id);
    expect((await add(headers, registration.id)).json().data).toBe(true);
    expect(await ids(headers)).not.toContain(registration.id);
    expect(await ids(await signIn(other))).toContain(registration.id);

    const [association] = await ctx.database.db
      .select()
      .from(traderAssociations)
      .where(and(eq(traderAssociations.applicantUserId, oa.id), eq(traderAssociations.traderRegistrationId, registration.id)));
    expect((await remove(headers, association!.id)).statusCode).toBe(200);
    expect(await ids(headers)).toContain(registration.id);
  });
});

describe('the applicant adds, lists and removes traders', () => {
  it('adds an approved trader once: true, then false; audited and the trader is notified', async () => {
    const oa = await createUser(ctx, 'OABusinessUser', { entityName: 'Sunrise Mills Ltd' });
    const headers = await signIn(oa);
    const { user: traderUser, registration } = await createApprovedTrader(ctx, {
      entityName: 'Volt Traders',
      issuingAuthority: 'SERC',
      tradingLicenceNo: 'TL-42',
    });

    const first = await add(headers, registration.id, 'Volt Traders');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ isSuccessful: true, data: true });
    const again = await add(headers, registration.id, 'Volt Traders');
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toBe(false);

    const list = (await myTraders(headers)).json().data;
    expect(list.dataCount).toBe(1);
    expect(list.registrationList[0]).toEqual({
      id: expect.any(String),
      traderId: registration.id,
      registrationEntityType: 'Trader',
      registrationNo: registration.registrationNo,
      entityName: 'Volt Traders',
      issuingAuthority: 'SERC',
      tradingLicenceNo: 'TL-42',
    });

    const audits = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'TRADER_ADDED'), eq(auditLog.actorId, oa.id)));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ entity: 'TraderAssociation', entityId: list.registrationList[0].id });
    expect(await notificationsOf(traderUser.id)).toEqual(['Sunrise Mills Ltd has added you as its trader.']);
  });

  it('refuses an unknown trader (404), a registration that is not a trader (404) and one not approved (422)', async () => {
    const oa = await createUser(ctx, 'OABusinessUser');
    const headers = await signIn(oa);
    expect((await add(headers, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const both = await createRegistration(ctx, (await createUser(ctx, 'OABusinessUser')).id, 'BothEntity');
    expect((await add(headers, both.id)).json()).toMatchObject({ isSuccessful: false, code: 'NOT_FOUND' });
    const pending = await createApprovedTrader(ctx, { status: 'PendingSTOACheck', registrationNo: null });
    const res = await add(headers, pending.registration.id);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'BUSINESS_RULE',
      errorResponse: [{ fieldName: 'traderId', errorMessages: ['This trader has no approved registration.'] }],
    });
    const invalid = await add(headers, 'not-a-uuid');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errorResponse[0]).toEqual({ fieldName: 'traderId', errorMessages: ['Trader Name is required'] });
    expect((await myTraders(headers)).json().data).toEqual({ registrationList: [], dataCount: 0 });
  });

  it('two concurrent adds of the same trader: one true, one false, one row', async () => {
    const oa = await createUser(ctx, 'OABusinessUser');
    const headers = await signIn(oa);
    const { registration } = await createApprovedTrader(ctx);
    const results = await Promise.all([add(headers, registration.id), add(headers, registration.id)]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(results.map((r) => r.json().data).sort()).toEqual([false, true]);
    const rows = await ctx.database.db.select().from(traderAssociations).where(eq(traderAssociations.applicantUserId, oa.id));
    expect(rows).toHaveLength(1);
  });

  it('pages the list in SQL, newest first', async () => {
    const oa = await createUser(ctx, 'OABusinessUser');
    const headers = await signIn(oa);
    const names: string[] = [];
    for (let i = 0; i < 12; i++) {
      const { registration } = await createApprovedTrader(ctx, { entityName: `Paged Trader ${String(i).padStart(2, '0')}` });
      names.push(registration.entityName);
      expect((await add(headers, registration.id)).json().data).toBe(true);
      ctx.clock.advance(1000);
    }
    const page1 = (await myTraders(headers, 1, 10)).json().data;
    expect(page1.dataCount).toBe(12);
    expect(page1.registrationList).toHaveLength(10);
    expect(page1.registrationList[0].entityName).toBe('Paged Trader 11');
    const page2 = (await myTraders(headers, 2, 10)).json().data;
    expect(page2.registrationList.map((r: { entityName: string }) => r.entityName)).toEqual(['Paged Trader 01', 'Paged Trader 00']);
    expect((await myTraders(headers, 1, 7)).statusCode).toBe(400);
  });

  it('removes its own trader (soft delete, audited, trader notified) and may add it again; another applicant’s row is 404', async () => {
    const oa = await createUser(ctx, 'OABusinessUser', { entityName: 'Delta Steels' });
    const other = await createUser(ctx, 'OABusinessUser');
    const headers = await signIn(oa);
    const otherHeaders = await signIn(other);
    const { user: traderUser, registration } = await createApprovedTrader(ctx);
    await add(headers, registration.id);
    const [row] = (await myTraders(headers)).json().data.registrationList;

    const foreign = await remove(otherHeaders, row.id);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('NOT_FOUND');
    expect((await remove(headers, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);

    const res = await remove(headers, row.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toBe(true);
    expect((await myTraders(headers)).json().data.dataCount).toBe(0);
    const [stored] = await ctx.database.db.select().from(traderAssociations).where(eq(traderAssociations.id, row.id));
    expect(stored!.deletedOn).toBeInstanceOf(Date);
    // Already removed.
    expect((await remove(headers, row.id)).statusCode).toBe(404);
    const audits = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'TRADER_REMOVED'), eq(auditLog.entityId, row.id)));
    expect(audits).toHaveLength(1);
    expect(await notificationsOf(traderUser.id)).toContain('Delta Steels has removed you from its traders.');

    // The deleted row does not block a new add.
    expect((await add(headers, registration.id)).json().data).toBe(true);
    expect((await myTraders(headers)).json().data.dataCount).toBe(1);
  });
});

describe('EntityBasedOnTrader: the trader sees its approved applicants', () => {
  it('lists the approved applicants associated with the trader, filtered and paged', async () => {
    const { user: traderUser, registration } = await createApprovedTrader(ctx);
    const otherTrader = await createApprovedTrader(ctx);
    const headers = await signIn(traderUser);

    const mk = async (entityName: string, entityType: 'InjectingEntity' | 'DraweeEntity' | 'BothEntity', status = 'Approved') => {
      const user = await createUser(ctx, 'OABusinessUser', { entityType, firstName: 'Kiran', lastName: 'Rao' });
      const reg = await createRegistration(ctx, user.id, entityType, {
        entityName,
        status,
        registrationNo: status === 'Approved' ? `REG/OA/2026/${entityName.slice(-3)}` : null,
      });
      return { user, reg };
    };
    const alpha = await mk('Alpha Wind 001', 'InjectingEntity');
    const beta = await mk('Beta Mills 002', 'DraweeEntity');
    const gamma = await mk('Gamma Both 003', 'BothEntity');
    const pending = await mk('Pending Co 004', 'BothEntity', 'Submitted');
    const removed = await mk('Removed Co 005', 'BothEntity');
    const elsewhere = await mk('Elsewhere 006', 'BothEntity');
    for (const x of [alpha, beta, gamma, pending, removed]) await associate(ctx, x.user.id, registration.id);
    await ctx.database.db
      .update(traderAssociations)
      .set({ deletedOn: new Date() })
      .where(eq(traderAssociations.applicantUserId, removed.user.id));
    await associate(ctx, elsewhere.user.id, otherTrader.registration.id);

    const all = await myApplicants(headers);
    expect(all.statusCode, all.body).toBe(200);
    const data = all.json().data;
    expect(data.dataCount).toBe(3);
    expect(data.registrationList.map((r: { entityName: string }) => r.entityName)).toEqual([
      'Alpha Wind 001',
      'Beta Mills 002',
      'Gamma Both 003',
    ]);
    expect(data.registrationList[0]).toEqual({
      id: alpha.reg.id,
      entityType: 'InjectingEntity',
      registrationNo: 'REG/OA/2026/001',
      entityName: 'Alpha Wind 001',
      expiredOn: '2026-12-31',
      contactName: expect.stringMatching(/^Contact \d+$/),
      email: expect.stringMatching(/@applicant\.in$/),
      addedOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });

    const names = async (query: string) =>
      (await myApplicants(headers, query)).json().data.registrationList.map((r: { entityName: string }) => r.entityName);
    expect(await names('entityName=mILLs')).toEqual(['Beta Mills 002']);
    expect(await names('entityName=%25')).toEqual([]);
    expect(await names('entityType=BothEntity')).toEqual(['Gamma Both 003']);
    expect(await names('registrationNo=oa/2026/00')).toEqual(['Alpha Wind 001', 'Beta Mills 002', 'Gamma Both 003']);
    expect(await names('registrationNo=003&entityType=BothEntity')).toEqual(['Gamma Both 003']);
    expect(await names('registrationNo=003&entityType=DraweeEntity')).toEqual([]);
    const paged = (await myApplicants(headers, 'pageNumber=2&pageSize=10')).json().data;
    expect(paged).toEqual({ registrationList: [], dataCount: 3 });
    expect((await myApplicants(headers, 'entityType=Nobody')).statusCode).toBe(400);

    // The other trader sees only its own applicant; a trader without an approved registration sees none.
    const otherHeaders = await signIn(otherTrader.user);
    expect((await myApplicants(otherHeaders)).json().data.registrationList.map((r: { entityName: string }) => r.entityName)).toEqual([
      'Elsewhere 006',
    ]);
    const unregistered = await createUser(ctx, 'Trader');
    expect((await myApplicants(await signIn(unregistered))).json().data).toEqual({ registrationList: [], dataCount: 0 });
  });

  it('pages in SQL (10, 50, 100) and keeps the applicants of a renewed trader registration', async () => {
    const traderUser = await createUser(ctx, 'Trader');
    const old = await createRegistration(ctx, traderUser.id, 'Trader', { status: 'Renewed' });
    await createRegistration(ctx, traderUser.id, 'Trader', { isRenewal: true, previousRegistrationId: old.id });
    for (let i = 0; i < 11; i++) {
      const user = await createUser(ctx, 'OABusinessUser');
      await createRegistration(ctx, user.id, 'DraweeEntity', { entityName: `Paged Applicant ${String(i).padStart(2, '0')}` });
      await associate(ctx, user.id, old.id);
    }
    const headers = await signIn(traderUser);
    const page1 = (await myApplicants(headers, 'pageNumber=1&pageSize=10')).json().data;
    expect(page1.dataCount).toBe(11);
    expect(page1.registrationList).toHaveLength(10);
    const page2 = (await myApplicants(headers, 'pageNumber=2&pageSize=10')).json().data;
    expect(page2.registrationList.map((r: { entityName: string }) => r.entityName)).toEqual(['Paged Applicant 10']);
    expect((await myApplicants(headers, 'pageSize=50')).json().data.registrationList).toHaveLength(11);
  });
});
