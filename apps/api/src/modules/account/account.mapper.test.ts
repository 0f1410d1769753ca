import { describe, expect, it } from 'vitest';

import type { UserRow } from '../users/users.repository';
import { toProfile } from './account.mapper';

describe('toProfile', () => {
  it('dates the registration in IST: a user created at 20:00 UTC registered the next day', () => {
    const row = { id: 1, role: 'OABusinessUser', createdAt: new Date('2026-03-31T20:00:00Z') } as unknown as UserRow;
    expect(toProfile(row).dateOfRegistration).toBe('2026-04-01');
    expect(toProfile({ ...row, createdAt: new Date('2026-03-31T18:29:59Z') }).dateOfRegistration).toBe('2026-03-31');
  });
});
