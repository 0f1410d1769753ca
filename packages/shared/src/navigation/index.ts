/** @stoa/shared/navigation: menus, route paths and links, shared by the API (roles) and the web (menus). */
export * from './links';
export * from './menu';
export * from './routes';
