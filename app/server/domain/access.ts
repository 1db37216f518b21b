/** GitLab's access levels and visibility levels, as the numbers GitLab stores and returns. */

/** Member roles (`access_level` in the API). */
export const ACCESS_LEVEL = {
  NO_ACCESS: 0,
  MINIMAL_ACCESS: 5,
  GUEST: 10,
  REPORTER: 20,
  DEVELOPER: 30,
  MAINTAINER: 40,
  OWNER: 50,
} as const;
export type AccessLevel = (typeof ACCESS_LEVEL)[keyof typeof ACCESS_LEVEL];

/** The levels a membership may have. */
export const MEMBER_ACCESS_LEVELS = [
  ACCESS_LEVEL.MINIMAL_ACCESS,
  ACCESS_LEVEL.GUEST,
  ACCESS_LEVEL.REPORTER,
  ACCESS_LEVEL.DEVELOPER,
  ACCESS_LEVEL.MAINTAINER,
  ACCESS_LEVEL.OWNER,
] as const;

/** Visibility levels as stored (`visibility_level`). */
export const VISIBILITY_LEVEL = { private: 0, internal: 10, public: 20 } as const;
export type Visibility = keyof typeof VISIBILITY_LEVEL;
/** The API's visibility names, in order. */
export const VISIBILITIES = Object.keys(VISIBILITY_LEVEL) as Visibility[];

/** The API name of a stored visibility level. */
export function visibilityName(level: number): Visibility {
  const name = VISIBILITIES.find((v) => VISIBILITY_LEVEL[v] === level);
  if (!name) throw new Error(`Unknown visibility level ${level}`);
  return name;
}
