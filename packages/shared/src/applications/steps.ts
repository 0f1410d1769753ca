import type { Role } from '../account/roles';
import { en } from '../messages/en';
import { enApplications } from '../messages/en.applications';
import type { ApplicationStatus } from './applications.workflow';

const S = enApplications.steps;

/**
 * One workflow step in words: the action, who took it (the actor's role) and what comes next
 * ('Approved by SLDC Approver-I; pending SLDC Approver-II'). `action` is a history action
 * (Submit, Resubmit, Forward, Approve, Return, Reject, Process, Allocate, UpdateTrader); without
 * an actor role (a job) the action stands alone.
 */
export function applicationStepText(action: string, toStatus: ApplicationStatus, role: Role | null): string {
  const done = (enApplications.history as Record<string, string>)[action] ?? action;
  const head = role ? S.by(done, en.roles[role]) : done;
  return `${head}; ${S.next[toStatus]}`;
}
