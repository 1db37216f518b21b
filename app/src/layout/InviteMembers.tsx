/**
 * The invite-members trigger (spec section 2: "An invite-members modal loads lazily, after the
 * browser is idle, when its trigger is on the page. Loading failures are ignored silently."): the
 * button is in the server's markup; the library's modal arrives in its own chunk once the
 * browser is idle (or on the first click, if that comes first).
 */
import { Button, INVITE_MEMBERS_TEXTS, runWhenIdle } from 'forgekit';
import type { MemberSource } from 'forgekit/client';
import { useEffect, useState, type ComponentType } from 'react';
import { useRevalidator } from 'react-router';
import type { InviteMembersDialogProps } from './InviteMembersDialog.tsx';

/** Where the modal's chunk comes from (one load per page, failures forgotten so a click retries). */
let dialogModule: Promise<ComponentType<InviteMembersDialogProps> | null> | undefined;
function loadDialog(): Promise<ComponentType<InviteMembersDialogProps> | null> {
  dialogModule ??= import('./InviteMembersDialog.tsx').then(
    (module) => module.InviteMembersDialog,
    () => {
      // Ignored silently (spec section 8); the next click tries again.
      dialogModule = undefined;
      return null;
    },
  );
  return dialogModule;
}

export interface InviteMembersProps {
  source: MemberSource;
  /** The project's or group's name, in the modal's introduction. */
  name: string;
}

/** The 'Invite members' button and, once loaded, its modal; the page's data reloads after an invitation. */
export function InviteMembers({ source, name }: InviteMembersProps) {
  const [Dialog, setDialog] = useState<ComponentType<InviteMembersDialogProps> | null>(null);
  const [isOpen, setOpen] = useState(false);
  const revalidator = useRevalidator();

  useEffect(() => {
    let isMounted = true;
    const cancel = runWhenIdle(() => {
      void loadDialog().then((loaded) => isMounted && loaded && setDialog(() => loaded));
    });
    return () => {
      isMounted = false;
      cancel();
    };
  }, []);

  const open = async () => {
    const loaded = Dialog ?? (await loadDialog());
    if (!loaded) return;
    setDialog(() => loaded);
    setOpen(true);
  };

  return (
    <>
      <Button variant="confirm" data-invite-members-trigger="" onClick={() => void open()}>
        {INVITE_MEMBERS_TEXTS.title}
      </Button>
      {Dialog ? (
        <Dialog
          source={source}
          name={name}
          open={isOpen}
          onOpenChange={setOpen}
          onInvited={() => void revalidator.revalidate()}
        />
      ) : null}
    </>
  );
}
