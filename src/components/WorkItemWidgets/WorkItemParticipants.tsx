import clsx from 'clsx';
import { WORK_ITEM_WIDGET_LABELS } from '../../utils/workItems';
import { AvatarStack } from '../Avatar';
import { Counter } from '../Counter';
import type { WorkItemUser } from './types';
import './WorkItemWidgets.css';

/** How many participants show as avatars before the rest collapse into '+N'. */
export const WORK_ITEM_PARTICIPANTS_MAX_VISIBLE = 7;

export interface WorkItemParticipantsProps {
  /** Everyone who took part (GitLab's `participants.nodes`). */
  participants: readonly WorkItemUser[];
  /** Class of the root element. */
  className?: string;
}

/** Who took part: the count and an avatar stack (read-only). */
export function WorkItemParticipants({ participants, className }: WorkItemParticipantsProps) {
  const label = WORK_ITEM_WIDGET_LABELS.PARTICIPANTS;
  return (
    <section
      className={clsx('fk-work-item-attribute', className)}
      aria-label={label}
      data-component="WorkItemParticipants"
      data-widget="PARTICIPANTS"
    >
      <div className="fk-work-item-attribute__header">
        <h3 className="fk-work-item-attribute__heading">
          {label} <Counter count={participants.length} />
        </h3>
      </div>
      <AvatarStack
        label={label}
        maxVisible={WORK_ITEM_PARTICIPANTS_MAX_VISIBLE}
        avatars={participants.map((user) => ({
          entityId: user.id,
          entityName: user.name,
          src: user.avatarUrl,
          href: user.webUrl,
        }))}
      />
    </section>
  );
}
