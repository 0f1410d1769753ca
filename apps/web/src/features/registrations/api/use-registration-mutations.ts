import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { EntityType } from '@stoa/shared/account';
import type { FormValues } from '@stoa/shared/forms';
import {
  type RegistrationActionInput,
  registrationEndpoints,
  renewEntityRegistrationEndpoints,
  submitEntityRegistrationEndpoints,
  type WorkflowAction,
} from '@stoa/shared/registrations';

import { call } from '../../../lib/api-client';
import { registrationQueries } from './registration-queries';

export interface SubmitInput {
  entityType: EntityType;
  data: FormValues;
  isDraft: boolean;
  /** A saved draft or a returned record being resubmitted. */
  id?: string;
  version?: number;
}

/** Submit{EntityType}Registration: a new record, a draft save, or a resubmission. */
export function useSubmitRegistration() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ entityType, ...body }: SubmitInput) => call(submitEntityRegistrationEndpoints[entityType], { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: registrationQueries.all() }),
  });
}

export interface RenewInput extends SubmitInput {
  previousRegistrationId: string;
}

/** Renew{EntityType}Registration of an Approved or Expired registration. */
export function useRenewRegistration() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ entityType, ...body }: RenewInput) => call(renewEntityRegistrationEndpoints[entityType], { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: registrationQueries.all() }),
  });
}

/** The endpoint of each reviewer action (Submit is the owner's and goes through Submit{EntityType}Registration). */
const ACTION_ENDPOINTS = {
  Forward: registrationEndpoints.approveAndForward,
  Approve: registrationEndpoints.approve,
  Return: registrationEndpoints.seekClarification,
  Reject: registrationEndpoints.reject,
} as const;
export type ReviewAction = keyof typeof ACTION_ENDPOINTS;

export function isReviewAction(action: WorkflowAction): action is ReviewAction {
  return action in ACTION_ENDPOINTS;
}

export interface ActInput {
  action: ReviewAction;
  id: string;
  entityType: EntityType;
  body: RegistrationActionInput;
}

/** 'Verify and Forward', Approve, 'Seek Clarification' or Reject. */
export function useRegistrationAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ action, id, entityType, body }: ActInput) => call(ACTION_ENDPOINTS[action], { params: { id, type: entityType }, body }),
    onSettled: () => client.invalidateQueries({ queryKey: registrationQueries.all() }),
  });
}

/** 'Edit Trader Details' of an approved Trader registration. */
export function useEditTraderDetails() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, version, data }: { id: string; version: number; data: FormValues }) =>
      call(registrationEndpoints.editTraderDetails, { params: { id }, body: { version, data } }),
    onSuccess: () => client.invalidateQueries({ queryKey: registrationQueries.all() }),
  });
}
