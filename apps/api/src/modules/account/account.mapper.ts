import type { EntityType, Profile, Role } from '@stoa/shared/account';
import { istDate } from '@stoa/shared/common';

import type { UserRow } from '../users/users.repository';

/** The profile of a user as the account pages show it (spec 000 §2 Profile). */
export function toProfile(u: UserRow): Profile {
  return {
    id: u.id,
    firstName: u.firstName,
    lastName: u.lastName,
    userName: u.userName,
    email: u.email,
    contactNumber: u.contactNumber,
    contactPersonName: u.contactPersonName,
    panCardNumber: u.panCardNumber,
    registeredAddress: u.registeredAddress,
    role: u.role as Role,
    dateOfRegistration: istDate(u.createdAt),
    isEnabled: u.isEnabled,
    entityName: u.entityName,
    entityType: (u.entityType as EntityType | null) ?? null,
    dateOfIncorporation: u.dateOfIncorporation,
    connectedTo: u.connectedTo,
    zone: u.zone,
  };
}
