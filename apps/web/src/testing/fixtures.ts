import type { AuthUser, CaptchaResponse, Profile, Role } from '@stoa/shared/account';
import type { ChargeRate } from '@stoa/shared/configuration';
import type { TranscoDiscomItem, User } from '@stoa/shared/users';

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

export function buildUser(overrides: Partial<User> = {}): User {
  return {
    id: '00000000-0000-4000-8000-000000000101',
    firstName: 'Kiran',
    lastName: 'Rao',
    userName: 'kiran.rao',
    email: 'kiran@example.in',
    contactNumber: '9876543210',
    role: 'DISCOMBusinessUser',
    entityName: null,
    entityType: null,
    registeredAddress: 'Vidyut Bhawan, Sector 9, Gandhinagar',
    dateOfIncorporation: null,
    panCardNumber: null,
    zone: 'Central Zone',
    connectedTo: '00000000-0000-4000-8000-00000000a003',
    connectedToName: 'Central Gujarat Vij Company Ltd',
    isEnabled: true,
    isDefaulter: false,
    ...overrides,
  };
}

export const UTILITIES: TranscoDiscomItem[] = [
  { id: '00000000-0000-4000-8000-00000000a001', name: 'State Transmission Corporation Ltd', type: 'TRANSCO', zone: 'North Zone' },
  { id: '00000000-0000-4000-8000-00000000a002', name: 'State Transmission Corporation Ltd (South)', type: 'TRANSCO', zone: 'South Zone' },
  { id: '00000000-0000-4000-8000-00000000a003', name: 'Central Gujarat Vij Company Ltd', type: 'DISCOM', zone: 'Central Zone' },
  { id: '00000000-0000-4000-8000-00000000a004', name: 'Uttar Gujarat Vij Company Ltd', type: 'DISCOM', zone: 'North Zone' },
];

export function buildCharge(overrides: Partial<ChargeRate> = {}): ChargeRate {
  return {
    id: '00000000-0000-4000-8000-00000000c001',
    head: 'APPLICATION_FEE',
    kind: 'FEE',
    unit: 'INR',
    amount: '5000',
    gstRatePercent: '18',
    effectiveFrom: '2000-01-01',
    state: 'CURRENT',
    remarks: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
