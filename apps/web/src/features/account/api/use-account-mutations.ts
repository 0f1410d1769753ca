import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';

import {
  accountEndpoints,
  type changePasswordRequestSchema,
  type EditProfileRequest,
  type forgotPasswordRequestSchema,
  type PreRegisterRequest,
  type setPasswordRequestSchema,
} from '@stoa/shared/account';

import { call } from '../../../lib/api-client';
import { authStore } from '../../../lib/auth-store';
import { accountQueries } from './account-queries';

export function usePreRegister() {
  return useMutation({
    mutationFn: (body: PreRegisterRequest) => call(accountEndpoints.preregister, { body }),
  });
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (body: z.input<typeof forgotPasswordRequestSchema>) => call(accountEndpoints.forgotPassword, { body }),
  });
}

export function useSetPassword() {
  return useMutation({
    mutationFn: (body: z.input<typeof setPasswordRequestSchema>) => call(accountEndpoints.changeTemporaryPassword, { body }),
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: z.input<typeof changePasswordRequestSchema>) => call(accountEndpoints.changePassword, { body }),
  });
}

export function useEditProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EditProfileRequest) => call(accountEndpoints.editProfile, { body }),
    onSuccess: (profile) => {
      const user = authStore.getUser();
      if (user) {
        queryClient.setQueryData(accountQueries.profile(user.userId).queryKey, profile);
        // The header shows the user's name: keep the stored user in step with the profile.
        authStore.replaceUser({ ...user, firstName: profile.firstName, lastName: profile.lastName, email: profile.email });
      }
      return queryClient.invalidateQueries({ queryKey: accountQueries.profiles() });
    },
  });
}
