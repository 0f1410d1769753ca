import { queryOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';

import { type Notification, type NotificationCount, notificationsEndpoints as e } from '@stoa/shared/notifications';

import { call } from '../../../lib/api-client';

/** Query keys and fetchers of the notification bell (STYLE.md §4: never type a key by hand). */
export const notificationQueries = {
  all: () => ['notifications'] as const,
  count: () =>
    queryOptions({
      queryKey: [...notificationQueries.all(), 'count'] as const,
      queryFn: ({ signal }) => call(e.count, { signal }),
    }),
  /** The new (unread) notifications, newest first (spec 001 §2: the panel lists them). */
  list: () =>
    queryOptions({
      queryKey: [...notificationQueries.all(), 'list'] as const,
      queryFn: ({ signal }) => call(e.result, { signal }),
    }),
};

/**
 * After a `BroadcastMessage`: fetches the count and the list again. Resolves to true when the
 * count went up (a notification arrived, rather than one being read in another tab).
 */
export async function refetchNotifications(queryClient: QueryClient): Promise<boolean> {
  const before = queryClient.getQueryData<NotificationCount>(notificationQueries.count().queryKey)?.count;
  try {
    const [after] = await Promise.all([
      queryClient.fetchQuery({ ...notificationQueries.count(), staleTime: 0 }),
      queryClient.refetchQueries({ queryKey: notificationQueries.list().queryKey }),
    ]);
    return before !== undefined && after.count > before;
  } catch {
    // The queries show their own error state.
    return false;
  }
}

/** Marks the given notifications as read (only these: one that arrives meanwhile stays new). */
export function useMarkAsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => call(e.markAsRead, { body: { ids } }),
    onSuccess: (result, ids) => {
      queryClient.setQueryData<Notification[]>(notificationQueries.list().queryKey, (list) => list?.filter((n) => !ids.includes(n.id)));
      queryClient.setQueryData<NotificationCount>(notificationQueries.count().queryKey, (old) =>
        old ? { count: Math.max(0, old.count - result.count) } : old,
      );
      void queryClient.invalidateQueries({ queryKey: notificationQueries.all() });
    },
  });
}
