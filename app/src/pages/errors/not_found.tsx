/** `errors:not_found`: any path no page claims. */
import { data } from 'react-router';

export function loader() {
  throw data(null, { status: 404 });
}

export function Component() {
  return null;
}
