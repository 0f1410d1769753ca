import { z } from 'zod';

import { CONTROL_CHARACTERS } from '../common/text';

/** Parts the consent and standing clearance contracts share (not exported from the domain's entry). */

/** Free text as typed: trimmed, at most `max` characters, no control characters. */
export const interStateText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .refine((s) => !CONTROL_CHARACTERS.test(s), 'Remove control characters');

/** One step of an application's history: the action, the statuses it moved between, who took it, when, why. */
export const interStateHistorySchema = z.object({
  action: z.string(),
  fromStatus: z.string().nullable(),
  toStatus: z.string(),
  actorName: z.string().nullable(),
  actorRole: z.string().nullable(),
  remarks: z.string().nullable(),
  createdOn: z.string(),
});
