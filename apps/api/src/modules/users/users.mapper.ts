import { type EntityType, type Role, utilityTypeOfRole } from '@stoa/shared/account';
import type { User } from '@stoa/shared/users';

import type { UserRow } from './users.repository';

/** A user as the Admin's user management shows it; `utilityName` is the name of the user's utility. */
export function toUser(u: UserRow, utilityName: string | null): User {
  const role = u.role as Role;
  return {
    id: u.id,
    firstName: u.firstName,
    lastName: u.lastName,
    userName: u.userName,
    email: u.email,
    contactNumber: u.contactNumber,
    role,
    entityName: u.entityName,
    entityType: (u.entityType as EntityType | null) ?? null,
    registeredAddress: u.registeredAddress,
    dateOfIncorporation: u.dateOfIncorporation,
    panCardNumber: u.panCardNumber,
    zone: u.zone,
    connectedTo: utilityTypeOfRole(role) ? u.utilityId : u.connectedTo,
    connectedToName: utilityName,
    isEnabled: u.isEnabled,
    isDefaulter: u.isDefaulter,
  };
}
