import clsx from 'clsx';
import type { Ref } from 'react';
import { Icon, type IconName, type IconProps, type IconSize } from '../Icon';
import { Tooltip } from '../Tooltip';
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

/**
 * The lock, shield or globe next to a project or group name (GitLab's visibility icon): an image
 * named with GitLab's explanation of the level, repeated as a tooltip on hover.
 */
export function VisibilityIcon({ level, entity = 'project', size = 16, className, ref, ...rest }: VisibilityIconProps) {
  const description = VISIBILITY_DESCRIPTIONS[entity][level];
  return (
    <Tooltip content={description} type="label">
      <Icon
        {...rest}
        ref={ref}
        name={VISIBILITY_ICONS[level]}
        size={size}
        label={description}
        className={clsx('fk-visibility-icon', className)}
        data-component="VisibilityIcon"
        data-visibility={level}
      />
    </Tooltip>
  );
}
