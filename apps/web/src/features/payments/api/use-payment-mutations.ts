import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';

import { filesEndpoints } from '@stoa/shared/files';
import { type makePaymentInputSchema, PAYMENT_PROOF_FORM, paymentEndpoints as pe } from '@stoa/shared/payments';

import { call } from '../../../lib/api-client';
import { upload, UploadFailedError } from '../../../lib/upload';
import { paymentsQueries } from './payments-queries';

type MakeBody = Omit<z.input<typeof makePaymentInputSchema>, 'proofFileId'>;

/** Make Payment: the proof is uploaded first (File/Upload, formName=Payment), then the payment is recorded with its id. */
export function useMakePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      dueId,
      body,
      proof,
      onProgress,
    }: {
      dueId: string;
      body: MakeBody;
      proof: File;
      onProgress?: (f: number) => void;
    }) => {
      let uploaded;
      try {
        uploaded = await upload(filesEndpoints.upload, proof, { query: { formName: PAYMENT_PROOF_FORM }, onProgress });
      } catch (error) {
        throw new UploadFailedError(error);
      }
      return call(pe.makePayment, { params: { id: dueId }, body: { ...body, proofFileId: uploaded.id } });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentsQueries.dues() }),
  });
}

/** Approve (with optional remarks) or revert (remarks required) a pending payment. */
export function useCheckPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, remarks }: { id: string; action: 'approve' | 'revert'; remarks: string }) =>
      action === 'approve'
        ? call(pe.approvePayment, { params: { id }, body: { remarks: remarks || null } })
        : call(pe.revertPayment, { params: { id }, body: { remarks } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentsQueries.dues() }),
  });
}
