/** Mapping the consent and standing clearance modules share. */

/** One action of an application's history, as the repositories read it (the action row and the actor's name). */
export interface HistoryRow {
  action: {
    action: string;
    fromStatus: string | null;
    toStatus: string;
    actorRole: string | null;
    remarks: string | null;
    createdOn: Date;
  };
  actorName: string | null;
}

/** An action of the history as the detail contracts answer it (createdOn as ISO text). */
export function historyEntry(h: HistoryRow) {
  return {
    action: h.action.action,
    fromStatus: h.action.fromStatus,
    toStatus: h.action.toStatus,
    actorName: h.actorName,
    actorRole: h.action.actorRole,
    remarks: h.action.remarks,
    createdOn: h.action.createdOn.toISOString(),
  };
}
