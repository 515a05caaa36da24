import { Copy, Ellipsis, Flag, Pin, Trash2 } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useRef, useState, type MouseEvent, type PointerEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { IconButton } from '../../ui/Button.tsx';
import { cn } from '../../ui/cn.ts';
import { menuItemClass, menuPanelClass } from '../../ui/modal-surfaces.ts';

/** A finger held this long on a message opens its menu (as messaging apps do). */
export const LONG_PRESS_MS = 500;
/** A finger that moves farther than this is scrolling, not pressing. */
const LONG_PRESS_SLOP_PX = 10;

/** What the menu of one message offers; an action left out is not offered. */
export interface MessageActions {
  /** Copy the text (text messages). */
  copy?: () => void;
  /** Pin it (the channel owner's own messages, spec 4). */
  pin?: () => void;
  /** Ask to delete it for everyone (the viewer's own messages that may go). */
  delete?: () => void;
  /** Report it to the moderators (others' messages); `label` comes with the reports texts. */
  report?: { label: string; run: () => void };
}

interface MessageMenuProps {
  actions: MessageActions;
  /** Own messages sit on the right: the options button goes on their left. */
  own: boolean;
  /** A click on the message opens the menu (the channel owner's pin, spec 4). */
  openOnClick: boolean;
  children: ReactNode;
}

/** The element under the pointer belongs to a player or a link of the message, not to it. */
const isControl = (target: EventTarget) =>
  target instanceof Element && target.closest('a, button, audio, video, input') !== null;

/**
 * A message's menu: Copy, Pin, Delete for everyone, as they apply. It opens from the options
 * button beside the message (shown on hover or focus with a mouse, reachable by keyboard and
 * screen readers everywhere), a long press on touch, a right click, and for the channel owner
 * a click on the own message. Radix's menu mounts only once a message's menu is first asked
 * for: a long history holds plain buttons.
 */
export function MessageMenu({ actions, own, openOnClick, children }: MessageMenuProps) {
  const { t } = useTranslation();
  const [engaged, setEngaged] = useState(false);
  const [open, setOpen] = useState(false);
  const press = useRef<{ timer: number; x: number; y: number; fired: boolean } | null>(null);

  function show() {
    setEngaged(true);
    setOpen(true);
  }

  function cancelPress() {
    if (press.current) window.clearTimeout(press.current.timer);
  }

  function handlePointerDown(event: PointerEvent) {
    if (event.pointerType === 'mouse' || isControl(event.target)) return;
    cancelPress();
    const state = { x: event.clientX, y: event.clientY, fired: false, timer: 0 };
    state.timer = window.setTimeout(() => {
      state.fired = true;
      show();
    }, LONG_PRESS_MS);
    press.current = state;
  }

  function handlePointerMove(event: PointerEvent) {
    const state = press.current;
    if (!state) return;
    const moved = Math.hypot(event.clientX - state.x, event.clientY - state.y);
    if (moved > LONG_PRESS_SLOP_PX) cancelPress();
  }

  function handleClick(event: MouseEvent) {
    // The click that ends a long press is not another request.
    if (press.current?.fired) {
      press.current = null;
      return;
    }
    if (openOnClick && !isControl(event.target)) show();
  }

  function handleContextMenu(event: MouseEvent) {
    if (isControl(event.target)) return;
    event.preventDefault();
    show();
  }

  const label = t('chat.message.menu.options');
  const buttonClass = cn(
    'size-9 text-neutral-600',
    // Out of sight until a mouse comes over the message or the focus comes to it; on touch
    // (long press) it is there for screen readers only.
    'opacity-0 group-focus-within/message:opacity-100 group-hover/message:opacity-100 focus-visible:opacity-100 data-[state=open]:opacity-100',
    'pointer-coarse:sr-only pointer-coarse:focus-visible:not-sr-only',
  );
  const button = (
    <IconButton
      label={label}
      aria-haspopup="menu"
      className={buttonClass}
      onClick={engaged ? undefined : show}
    >
      <Ellipsis aria-hidden="true" size={18} />
    </IconButton>
  );
  return (
    <div
      // Relative: the options button, kept for screen readers only on touch (sr-only, placed
      // absolutely), sits in the list that scrolls instead of lengthening the page.
      className={cn(
        'group/message relative flex min-w-0 items-center gap-1',
        !own && 'flex-row-reverse',
      )}
    >
      {/* Only the button changes when the menu is first asked for: the message stays mounted
          (a voice message playing in it plays on). */}
      {engaged ? (
        <DropdownMenu.Root open={open} onOpenChange={setOpen}>
          <DropdownMenu.Trigger asChild>{button}</DropdownMenu.Trigger>
          <DropdownMenu.Portal>
            <DropdownMenu.Content
              align={own ? 'end' : 'start'}
              sideOffset={4}
              collisionPadding={8}
              className={menuPanelClass}
            >
              {actions.copy && (
                <DropdownMenu.Item onSelect={actions.copy} className={menuItemClass}>
                  <Copy aria-hidden="true" size={18} />
                  {t('chat.message.menu.copy')}
                </DropdownMenu.Item>
              )}
              {actions.pin && (
                <DropdownMenu.Item onSelect={actions.pin} className={menuItemClass}>
                  <Pin aria-hidden="true" size={18} />
                  {t('chat.pin.pin')}
                </DropdownMenu.Item>
              )}
              {actions.delete && (
                <DropdownMenu.Item
                  onSelect={actions.delete}
                  className={cn(menuItemClass, 'text-red-700')}
                >
                  <Trash2 aria-hidden="true" size={18} />
                  {t('chat.message.menu.delete')}
                </DropdownMenu.Item>
              )}
              {actions.report && (
                <DropdownMenu.Item onSelect={actions.report.run} className={menuItemClass}>
                  <Flag aria-hidden="true" size={18} />
                  {actions.report.label}
                </DropdownMenu.Item>
              )}
            </DropdownMenu.Content>
          </DropdownMenu.Portal>
        </DropdownMenu.Root>
      ) : (
        button
      )}
      <div
        className={cn(
          'min-w-0 pointer-coarse:select-none pointer-coarse:[-webkit-touch-callout:none]',
          openOnClick && 'cursor-pointer',
        )}
        onClick={handleClick}
        onContextMenu={handleContextMenu}
        onPointerDown={handlePointerDown}
        onPointerMove={handlePointerMove}
        onPointerUp={cancelPress}
        onPointerCancel={cancelPress}
      >
        {children}
      </div>
    </div>
  );
}
