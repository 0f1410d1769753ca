/** The users pages, each its own chunk, loaded through this module on first use (decision 0030). */
export const usersPages = {
  UsersPage: () => import('./components/users-page').then((m) => m.UsersPage),
};
