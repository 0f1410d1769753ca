import type { Prepare } from '../auth-matrix';

let n = 0;
/** A future date unique per call, so adds never collide. */
const futureDate = () => {
  n++;
  return new Date(Date.UTC(2031, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);
};
const ADMIN = { id: '00000000-0000-4000-8000-000000000000', role: 'Admin' as const, familyId: null };
const page = { query: { pageNumber: '1', pageSize: '10' } };

export const prepare: Record<string, Prepare> = {
  'Configuration.Tds.GetAll': () => page,
  'Configuration.Tds.InterestPercentage.GetAll': () => page,
  'Configuration.Tds.GetConfiguredCharges': () => ({}),
  'Configuration.Tds.IsTDSConfigured': () => ({}),
  'Configuration.Tds.Add': () => ({ body: { head: 'SLDC_OPERATING_CHARGE', section: '194C_OTHER', effectiveFrom: futureDate() } }),
  // The caller's own declaration (another user's answers 404, tested in payments.routes.test.ts).
  'Configuration.Tds.Update': async (c, u) => {
    const row = await c.app.services.payments.addTdsConfig(
      { id: u.id, role: u.role, familyId: null },
      { head: 'STU_TRANSMISSION_CHARGE', section: '194J_A', effectiveFrom: futureDate() },
      { requestId: 'x' },
    );
    return { params: { id: row.id }, body: { head: 'STU_TRANSMISSION_CHARGE', section: '194J_B', effectiveFrom: row.effectiveFrom } };
  },
  'Configuration.Tds.InterestPercentage.Add': () => ({ body: { ratePercent: '1.5', effectiveFrom: futureDate() } }),
  'Configuration.Tds.InterestPercentage.Update': async (c) => {
    const row = await c.app.services.payments.addTdsInterest(ADMIN, { ratePercent: '1', effectiveFrom: futureDate() }, { requestId: 'x' });
    return { params: { id: row.id }, body: { ratePercent: '1.25', effectiveFrom: row.effectiveFrom } };
  },
};
