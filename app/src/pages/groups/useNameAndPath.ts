/** The name and path fields of the new group and new project forms. */
import { useState } from 'react';
import { pathFromName } from './pathRules.ts';

/**
 * A new group's or project's name and path, as GitLab's forms keep them: the path follows the
 * name (`pathFromName`) until the user edits the path itself.
 */
export function useNameAndPath() {
  const [name, setName] = useState('');
  const [path, setPath] = useState('');
  const [pathEdited, setPathEdited] = useState(false);
  return {
    name,
    path,
    /** The name field changed: the path follows unless it was edited. */
    changeName(value: string) {
      setName(value);
      if (!pathEdited) setPath(pathFromName(value));
    },
    /** The path field changed: from now on the path is the user's. */
    changePath(value: string) {
      setPath(value);
      setPathEdited(true);
    },
    /** Sets the path without taking it from the user (a suggested free path). */
    suggestPath: setPath,
  };
}
