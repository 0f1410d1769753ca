import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';

import {
  type bankDetailInputSchema,
  type chargeRateInputSchema,
  configurationEndpoints as e,
  type holidayInputSchema,
  manualsEndpoints,
  type ManualTarget,
  type paymentDetailInputSchema,
  type settingInputSchema,
  type utilityInputSchema,
} from '@stoa/shared/configuration';
import { filesEndpoints } from '@stoa/shared/files';

import { call } from '../../../lib/api-client';
import { upload, UploadFailedError } from '../../../lib/upload';
import { configurationQueries } from './configuration-queries';

type In<S extends z.ZodType> = z.input<S>;

/** Add (no id) or change (id) a fee or charge value. */
export function useSaveCharge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: In<typeof chargeRateInputSchema> }) =>
      id ? call(e.chargesUpdate, { params: { id }, body }) : call(e.chargesAdd, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: configurationQueries.chargeLists() }),
  });
}

export function useDeleteCharge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(e.chargesDelete, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: configurationQueries.chargeLists() }),
  });
}

export function useAddSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: In<typeof settingInputSchema>) => call(e.settingsAdd, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: configurationQueries.settings().queryKey }),
  });
}

export function useDeleteSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(e.settingsDelete, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: configurationQueries.settings().queryKey }),
  });
}

export function useSaveHoliday() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: In<typeof holidayInputSchema> }) =>
      id ? call(e.holidaysUpdate, { params: { id }, body }) : call(e.holidaysAdd, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: configurationQueries.holidayLists() }),
  });
}

export function useDeleteHoliday() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(e.holidaysDelete, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: configurationQueries.holidayLists() }),
  });
}

export function useSaveBankDetail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: In<typeof bankDetailInputSchema> }) =>
      id ? call(e.bankDetailsUpdate, { params: { id }, body }) : call(e.bankDetailsAdd, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: configurationQueries.bankDetails().queryKey }),
  });
}

export function useDeleteBankDetail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(e.bankDetailsDelete, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: configurationQueries.bankDetails().queryKey }),
  });
}

/** Add (no id) or rename / re-zone (id) a TRANSCO or DISCOM utility. */
export function useSaveUtility() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: In<typeof utilityInputSchema> }) =>
      id ? call(e.utilityUpdate, { params: { id }, body }) : call(e.utilityAdd, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: configurationQueries.utilities().queryKey }),
  });
}

/**
 * A user manual: uploads the PDF (POST File/Upload?formName=UserManual, reporting progress), then
 * makes it the manual of `target` (POST Configuration/UserManual/Save).
 */
export function useSaveManual() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ target, file, onProgress }: { target: ManualTarget; file: File; onProgress?: (fraction: number) => void }) => {
      let uploaded;
      try {
        uploaded = await upload(filesEndpoints.upload, file, { query: { formName: MANUAL_FORM }, onProgress });
      } catch (error) {
        throw new UploadFailedError(error);
      }
      return call(manualsEndpoints.manualsSave, { body: { target, fileId: uploaded.id } });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: configurationQueries.manuals().queryKey }),
  });
}

/** The form name of manual uploads (FORM_FILE_KINDS: PDF only). */
export const MANUAL_FORM = 'UserManual';

/** Enable or disable a payment mode and set its instructions. */
export function useUpdatePaymentDetail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: In<typeof paymentDetailInputSchema>) => call(manualsEndpoints.paymentDetailsUpdate, { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: configurationQueries.paymentDetails().queryKey }),
  });
}
