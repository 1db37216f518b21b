/** The groups area's pages (see routing.ts for the helpers). */
import type { RouteObject } from 'react-router';

export const groupRoutes: RouteObject[] = [];
