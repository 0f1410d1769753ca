import type { AuthUser, CaptchaResponse, Profile, Role } from '@stoa/shared';

export function buildAuthUser(overrides: Partial<AuthUser> = {}): AuthUser {
  return {
    jwtToken: 'jwt-1',
    refreshToken: 'refresh-1',
    userId: '00000000-0000-4000-8000-000000000001',
    firstName: 'Ravi',
    lastName: 'Kumar',
    email: 'ravi@example.in',
    role: 'OABusinessUser',
    entityType: 'BothEntity',
    ...overrides,
  };
}

export function buildProfile(role: Role = 'OABusinessUser', overrides: Partial<Profile> = {}): Profile {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    firstName: 'Ravi',
    lastName: 'Kumar',
    userName: 'ravi.kumar',
    email: 'ravi@example.in',
    contactNumber: '9876543210',
    contactPersonName: 'Ravi Kumar',
    panCardNumber: 'AAACS1234K',
    registeredAddress: 'Plot 12, GIDC, Vadodara',
    role,
    dateOfRegistration: '2026-01-15',
    isEnabled: true,
    entityName: 'Sunrise Textiles Ltd',
    entityType: 'BothEntity',
    dateOfIncorporation: '2008-04-01',
    connectedTo: 'DISCOM',
    zone: null,
    ...overrides,
  };
}

export function buildCaptcha(id: string, overrides: Partial<CaptchaResponse> = {}): CaptchaResponse {
  return {
    captchaId: id,
    required: true,
    image: `<svg xmlns="http://www.w3.org/2000/svg"><text>${id}</text></svg>`,
    length: 6,
    expiresInSeconds: 300,
    ...overrides,
  };
}
