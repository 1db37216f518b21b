import clsx from 'clsx';
import type { ComponentPropsWithoutRef, ReactNode, Ref } from 'react';
import { VisibilityIcon, type VisibilityEntity, type VisibilityLevel } from '../VisibilityIcon';
import './PageHeader.css';

export interface PageHeaderProps extends Omit<ComponentPropsWithoutRef<'header'>, 'title' | 'children'> {
  /** The page's title, rendered as its `<h1>`. */
  title: ReactNode;
  /**
   * Shown before the title: an `Avatar` of the project, group or user, or an `Icon`.
   * @default undefined
   */
  avatar?: ReactNode;
  /**
   * A line (or paragraph) under the title, e.g. the project's description as plain text.
   * @default undefined
   */
  description?: ReactNode;
  /**
   * The project's or group's visibility: its icon follows the title.
   * @default undefined
   */
  visibility?: VisibilityLevel;
  /**
   * Whose visibility it is (picks the icon's explanation).
   * @default 'project'
   */
  visibilityEntity?: VisibilityEntity;
  /**
   * Badges after the title (and the visibility icon), e.g. a role or "Archived".
   * @default undefined
   */
  badges?: ReactNode;
  /**
   * Buttons or links at the end of the header (Star, Fork, New project...). They move under the
   * title when the header is too narrow for both.
   * @default undefined
   */
  actions?: ReactNode;
  ref?: Ref<HTMLElement>;
}

/**
 * The top of a page's content (GitLab's project, group and user headers): an optional avatar, the
 * page's `<h1>` title with the visibility icon and badges beside it, a description under it and
 * the page's actions at the end. Everything wraps on narrow screens: the actions go under the
 * title, the badges under the title text.
 */
export function PageHeader({
  title,
  avatar,
  description,
  visibility,
  visibilityEntity = 'project',
  badges,
  actions,
  className,
  ref,
  ...rest
}: PageHeaderProps) {
  return (
    <header {...rest} ref={ref} className={clsx('fk-page-header', className)} data-component="PageHeader">
      <div className="fk-page-header__main">
        {avatar !== undefined ? (
          <div className="fk-page-header__avatar" data-component="PageHeader.Avatar">
            {avatar}
          </div>
        ) : null}
        <div className="fk-page-header__text">
          <div className="fk-page-header__title-row">
            <h1 className="fk-page-header__title" data-component="PageHeader.Title">
              {title}
            </h1>
            {visibility !== undefined ? (
              <VisibilityIcon level={visibility} entity={visibilityEntity} className="fk-page-header__visibility" />
            ) : null}
            {badges !== undefined ? (
              <div className="fk-page-header__badges" data-component="PageHeader.Badges">
                {badges}
              </div>
            ) : null}
          </div>
          {description !== undefined ? (
            <div className="fk-page-header__description" data-component="PageHeader.Description">
              {description}
            </div>
          ) : null}
        </div>
      </div>
      {actions !== undefined ? (
        <div className="fk-page-header__actions" data-component="PageHeader.Actions">
          {actions}
        </div>
      ) : null}
    </header>
  );
}
