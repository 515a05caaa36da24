import { RECORD_CANCEL_SLIDE_PX, RECORD_HOLD_MS } from '@glimpse/contract';
import {
  useEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
  type SyntheticEvent,
} from 'react';

/** A press on the mic: a pointer (mouse, touch, pen) or a held Space / Enter key. */
type Press =
  | { kind: 'pointer'; pointerId: number; startX: number; held: boolean }
  | { kind: 'key'; key: string; held: boolean };

export type CancelReason = 'slide' | 'escape' | 'interrupted';

interface HoldOptions {
  disabled: boolean;
  /** The press lasted RECORD_HOLD_MS: start recording. */
  onHoldStart: () => void;
  /** A held press ended normally: send. */
  onRelease: () => void;
  /** A held press slid left past RECORD_CANCEL_SLIDE_PX, Escape, or the system took it away. */
  onCancel: (reason: CancelReason) => void;
  /** Let go before RECORD_HOLD_MS: nothing is recorded. */
  onShortPress: () => void;
}

const HOLD_KEYS = [' ', 'Enter'];

/**
 * Hold-to-record (spec 4): holding RECORD_HOLD_MS starts, letting go sends, sliding left more
 * than RECORD_CANCEL_SLIDE_PX cancels. Pointer events cover mouse and touch alike; Space or
 * Enter held down does the same from the keyboard, with Escape to cancel.
 */
export function useHoldToRecord(options: HoldOptions) {
  const pressRef = useRef<Press | null>(null);
  const timerRef = useRef<number | undefined>(undefined);
  const optionsRef = useRef(options);
  const [held, setHeld] = useState<Press['kind'] | null>(null);
  const [slide, setSlide] = useState(0);

  useEffect(() => {
    optionsRef.current = options;
  });

  useEffect(() => () => window.clearTimeout(timerRef.current), []);

  function begin(press: Press) {
    pressRef.current = press;
    timerRef.current = window.setTimeout(() => {
      if (pressRef.current !== press) return;
      press.held = true;
      setHeld(press.kind);
      optionsRef.current.onHoldStart();
    }, RECORD_HOLD_MS);
  }

  function finish(outcome: 'release' | CancelReason) {
    const press = pressRef.current;
    if (!press) return;
    pressRef.current = null;
    window.clearTimeout(timerRef.current);
    setHeld(null);
    setSlide(0);
    if (!press.held) {
      if (outcome === 'release') optionsRef.current.onShortPress();
      return;
    }
    if (outcome === 'release') optionsRef.current.onRelease();
    else optionsRef.current.onCancel(outcome);
  }

  // Escape cancels a held press wherever the focus is (a touch or mouse press gives none).
  useEffect(() => {
    if (!held) return;
    const handleKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') finish('escape');
    };
    document.addEventListener('keydown', handleKeyDown);
    return () => document.removeEventListener('keydown', handleKeyDown);
  }, [held]);

  const handlers = {
    onPointerDown(event: PointerEvent<HTMLButtonElement>) {
      if (optionsRef.current.disabled || pressRef.current) return;
      if (event.pointerType === 'mouse' && event.button !== 0) return;
      // Keeps the moves and the release coming here when the finger slides off the button.
      event.currentTarget.setPointerCapture?.(event.pointerId);
      begin({ kind: 'pointer', pointerId: event.pointerId, startX: event.clientX, held: false });
    },
    onPointerMove(event: PointerEvent<HTMLButtonElement>) {
      const press = pressRef.current;
      if (press?.kind !== 'pointer' || press.pointerId !== event.pointerId || !press.held) return;
      const dx = event.clientX - press.startX;
      if (dx < -RECORD_CANCEL_SLIDE_PX) finish('slide');
      else setSlide(Math.min(0, dx));
    },
    onPointerUp(event: PointerEvent<HTMLButtonElement>) {
      const press = pressRef.current;
      if (press?.kind === 'pointer' && press.pointerId === event.pointerId) finish('release');
    },
    onPointerCancel(event: PointerEvent<HTMLButtonElement>) {
      const press = pressRef.current;
      if (press?.kind === 'pointer' && press.pointerId === event.pointerId) {
        finish('interrupted');
      }
    },
    onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
      if (!HOLD_KEYS.includes(event.key)) return;
      // No click, no page scroll: the key is a hold, not an activation.
      event.preventDefault();
      if (event.repeat || pressRef.current || optionsRef.current.disabled) return;
      begin({ kind: 'key', key: event.key, held: false });
    },
    onKeyUp(event: KeyboardEvent<HTMLButtonElement>) {
      const press = pressRef.current;
      if (press?.kind !== 'key' || press.key !== event.key) return;
      event.preventDefault();
      finish('release');
    },
    onBlur() {
      if (pressRef.current?.kind === 'key') finish('interrupted');
    },
    // A long touch would otherwise open the context menu (or select text) on phones.
    onContextMenu(event: SyntheticEvent) {
      event.preventDefault();
    },
  };

  return { handlers, held, slide };
}
