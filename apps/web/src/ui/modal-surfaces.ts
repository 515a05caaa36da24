/**
 * The looks of every modal surface, shared by the ui dialogs and the features' own Radix dialogs.
 *
 * Overlays and panels share one z-index on purpose: each dialog's portal is appended to <body>
 * when it opens, so a dialog opened over another one (info over the filter, a confirmation over
 * a sheet or the story viewer) paints its own overlay over everything opened before it, and the
 * two never look merged.
 */

const layer = 'z-50';

/** The dimming layer under each dialog. */
export const modalOverlayClass = `fixed inset-0 ${layer} bg-black/50`;

/** A centred card on every screen, a little wider on a desktop-wide window. */
export const dialogPanelClass = [
  `fixed top-1/2 left-1/2 ${layer} -translate-x-1/2 -translate-y-1/2`,
  'flex max-h-[85dvh] w-[calc(100%-2rem)] max-w-sm flex-col gap-4 overflow-y-auto',
  'rounded-2xl bg-white p-5 shadow-xl lg:max-w-md',
].join(' ');

/**
 * A bottom sheet on a phone; from 1024 px (lg) a centred modal, as desktop users expect. The
 * desktop form keeps the sheet's box and centres it with auto margins on all four sides.
 */
export const sheetPanelClass = [
  `fixed inset-x-0 bottom-0 ${layer} mx-auto flex max-h-[90dvh] w-full max-w-[480px] flex-col gap-3`,
  'overflow-y-auto rounded-t-2xl bg-white pb-[max(1.5rem,env(safe-area-inset-bottom))] shadow-xl',
  'lg:top-0 lg:my-auto lg:h-fit lg:max-h-[85dvh] lg:max-w-lg lg:rounded-2xl lg:pb-6',
].join(' ');

/** A dropdown menu's card, above the story viewer and the chat overlay (z-50) it opens from. */
export const menuPanelClass = 'z-[70] min-w-48 rounded-xl bg-white p-1 shadow-xl';

/** A menu item: a 44 px row, highlighted while hovered or chosen with the arrow keys. */
export const menuItemClass =
  'flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-3 text-base text-neutral-900 outline-none select-none data-highlighted:bg-neutral-100';
