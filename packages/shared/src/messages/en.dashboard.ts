/**
 * Texts of the role dashboard on /landing (issue 15, decision 0075). Ours: the specification says only
 * "a dashboard that differs by role".
 */
export const enDashboard = {
  title: 'Waiting for you',
  subtitle: 'What the workflow asks of you now. Each figure opens the list where you act on it.',
  loading: 'Loading what waits for you',
  allClear: 'Nothing waits for you right now.',
  allClearHint: 'New work appears here as soon as it reaches you.',
  /** The Admin's figures have no workflow behind them: a subtitle of their own. */
  adminSubtitle: 'What needs your attention now. Each figure opens the page where you act on it.',
  kinds: {
    applications: 'Applications',
    registrations: 'Registrations',
    renewals: 'Renewals',
    users: 'Users',
    jobs: 'Recurring jobs',
    payments: 'Payments',
    standingClearances: 'Standing clearances',
    dues: 'Dues',
    eBidding: 'E-bidding invitations',
    interStateConsents: 'Inter-state consents',
    interStateRegistrations: 'Inter-state registrations',
  },
  /** Decision 0084: the overdue dues' and the e-bidding deadline windows' figures (the lists' filter labels). */
  dueStatuses: { Overdue: 'Overdue' },
  eBiddingWindows: { Closing: 'Closing within 24 hours', ReadyToProcess: 'Ready to process' },
  closesIn: (left: string) => `First deadline in ${left}`,
  /** An approver's oldest waiting record (decision 0084). */
  oldest: (days: number) => (days === 0 ? 'Oldest since today' : `Oldest ${days} ${days === 1 ? 'day' : 'days'}`),
  /** The Admin's recurring-job figures (the Recurring Jobs page's 'Failed' outcome and 'Late' chip). */
  jobStatuses: { Failed: 'Last run failed', Late: 'A scheduled run is late' },
  /** "Day Ahead applications" or "Applications" (an own list covers every type). */
  applicationsOf: (typeLabel: string | null) => (typeLabel ? `${typeLabel} applications` : 'Applications'),
  moreThan: (count: string) => `${count}+`,
  /** The accessible name of a figure's link. */
  open: (count: string, what: string, status: string) => `${count} ${what}: ${status}. Open the list`,
  deemedIn: (left: string) => `Deemed consent in ${left}`,
  deemedOverdue: 'Deemed consent due now',
  oldestWaits: 'for the longest-waiting record',
  duration: (days: number, hours: number) =>
    days > 0 ? `${days} ${days === 1 ? 'day' : 'days'} ${hours} h` : `${hours} ${hours === 1 ? 'hour' : 'hours'}`,
} as const;
