import clsx from 'clsx';
import { useLayoutEffect, useRef, type PointerEvent, type Ref } from 'react';
import { lazyModule, useLazyModule } from '../../hooks/useLazyModule';
import { useMergedRefs } from '../../hooks/useMergedRefs';
import { Icon, type IconName, type IconProps, type IconSize } from '../Icon';
// Types only (erased): the tooltip's code loads when the pointer first enters the icon, so a page of
// project and group names carries none of it until then.
import type * as TooltipModule from '../Tooltip';
import './VisibilityIcon.css';

/** Visibility levels of a project or a group (GitLab's `visibility` field). */
export const VISIBILITY_LEVELS = ['public', 'internal', 'private'] as const;
export type VisibilityLevel = (typeof VISIBILITY_LEVELS)[number];

/** What carries the visibility: the texts differ for a project and a group. */
export type VisibilityEntity = 'project' | 'group';

/** GitLab's icon for each visibility level. */
export const VISIBILITY_ICONS = {
  public: 'earth',
  internal: 'shield',
  private: 'lock',
} as const satisfies Record<VisibilityLevel, IconName>;

/** GitLab's explanation of each level, the icon's accessible name and tooltip. */
export const VISIBILITY_DESCRIPTIONS = {
  project: {
    public: 'Public - The project can be accessed without any authentication.',
    internal: 'Internal - The project can be accessed by any logged in user except external users.',
    private:
      'Private - Project access must be granted explicitly to each user. If this project is part of a group, access is granted to members of the group.',
  },
  group: {
    public: 'Public - The group and any public projects can be viewed without any authentication.',
    internal:
      'Internal - The group and any internal projects can be viewed by any logged in user except external users.',
    private: 'Private - The group and its projects can only be viewed by members.',
  },
} as const satisfies Record<VisibilityEntity, Record<VisibilityLevel, string>>;

export interface VisibilityIconProps extends Omit<IconProps, 'name' | 'label' | 'ref'> {
  /** The visibility level. */
  level: VisibilityLevel;
  /**
   * Whose visibility it is; picks the explanation.
   * @default 'project'
   */
  entity?: VisibilityEntity;
  /**
   * @default 16
   */
  size?: IconSize;
  ref?: Ref<SVGSVGElement>;
}

const tooltipModule = lazyModule<typeof TooltipModule>(() => import('../Tooltip'));
const noop = () => {};

/**
 * The lock, shield or globe next to a project or group name (GitLab's visibility icon): an image
 * named with GitLab's explanation of the level, repeated as a tooltip on hover (its code loads when
 * the pointer first enters an icon).
 */
export function VisibilityIcon({
  level,
  entity = 'project',
  size = 16,
  className,
  onPointerEnter,
  onPointerLeave,
  ref,
  ...rest
}: VisibilityIconProps) {
  const description = VISIBILITY_DESCRIPTIONS[entity][level];
  const tooltip = useLazyModule(tooltipModule);
  const element = useRef<SVGSVGElement>(null);
  const iconRef = useMergedRefs(element, ref);
  // Hovered before the tooltip's code arrived: the icon drawn through the tooltip is told again.
  const isHoverPending = useRef(false);
  useLayoutEffect(() => {
    const target = element.current;
    if (!tooltip || !target || !isHoverPending.current) return;
    isHoverPending.current = false;
    target.dispatchEvent(new window.PointerEvent('pointerover', { bubbles: true, pointerType: 'mouse' }));
  }, [tooltip]);

  const icon = (
    <Icon
      {...rest}
      ref={iconRef}
      name={VISIBILITY_ICONS[level]}
      size={size}
      label={description}
      className={clsx('fk-visibility-icon', className)}
      data-component="VisibilityIcon"
      data-visibility={level}
      onPointerEnter={(event: PointerEvent<SVGSVGElement>) => {
        if (!tooltip) {
          isHoverPending.current = true;
          tooltipModule.load().catch(noop); // without it the icon keeps its name
        }
        onPointerEnter?.(event);
      }}
      onPointerLeave={(event: PointerEvent<SVGSVGElement>) => {
        // Not when React removes the icon to replace it.
        if (event.currentTarget.isConnected) isHoverPending.current = false;
        onPointerLeave?.(event);
      }}
    />
  );
  return tooltip ? (
    <tooltip.Tooltip content={description} type="label">
      {icon}
    </tooltip.Tooltip>
  ) : (
    icon
  );
}
