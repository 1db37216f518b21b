import { createContext, useContext, type ReactNode } from 'react';

/** Where the sprite is served when no provider says otherwise. Copy `forgekit/icons.svg` there. */
export const DEFAULT_ICON_SPRITE_HREF = '/assets/icons.svg';

const IconSpriteContext = createContext(DEFAULT_ICON_SPRITE_HREF);

export interface IconSpriteProviderProps {
  /** URL of the SVG sprite (`forgekit/icons.svg`) as your app serves it. */
  href: string;
  children?: ReactNode;
}

/** Tells every `Icon` below it where the sprite lives. */
export function IconSpriteProvider({ href, children }: IconSpriteProviderProps) {
  return <IconSpriteContext.Provider value={href}>{children}</IconSpriteContext.Provider>;
}

export function useIconSpriteHref(): string {
  return useContext(IconSpriteContext);
}
