import { useRef, type PointerEvent } from 'react';

interface Handlers {
  /** The drag began (first interaction: the captcha's clock starts). */
  onStart?: () => void;
  /** Moved by (dx, dy) CSS px since the drag began. */
  onMove: (dx: number, dy: number) => void;
  /** Released: the answer is given. */
  onEnd: () => void;
  disabled?: boolean;
}

/**
 * Pointer handlers for dragging with a mouse, a pen or a finger alike (pointer events; the element needs
 * `touch-action: none` so the page does not scroll instead). The pointer is captured, so the drag continues
 * outside the element.
 */
export function usePointerDrag({ onStart, onMove, onEnd, disabled }: Handlers) {
  const origin = useRef<{ x: number; y: number; id: number } | null>(null);
  return {
    onPointerDown(event: PointerEvent<HTMLElement>) {
      if (disabled || (event.pointerType === 'mouse' && event.button !== 0)) return;
      event.preventDefault();
      event.currentTarget.setPointerCapture?.(event.pointerId);
      origin.current = { x: event.clientX, y: event.clientY, id: event.pointerId };
      onStart?.();
    },
    onPointerMove(event: PointerEvent<HTMLElement>) {
      const start = origin.current;
      if (!start || start.id !== event.pointerId) return;
      onMove(event.clientX - start.x, event.clientY - start.y);
    },
    onPointerUp(event: PointerEvent<HTMLElement>) {
      const start = origin.current;
      if (!start || start.id !== event.pointerId) return;
      origin.current = null;
      onEnd();
    },
    onPointerCancel() {
      origin.current = null;
    },
  };
}

/** Arrow-key steps: 1 unit, 10 with Shift. */
export function arrowStep(key: string, shift: boolean): { dx: number; dy: number } | null {
  const n = shift ? 10 : 1;
  switch (key) {
    case 'ArrowLeft':
      return { dx: -n, dy: 0 };
    case 'ArrowRight':
      return { dx: n, dy: 0 };
    case 'ArrowUp':
      return { dx: 0, dy: -n };
    case 'ArrowDown':
      return { dx: 0, dy: n };
    default:
      return null;
  }
}

/** Keys that give the answer from the keyboard. */
export function isSubmitKey(key: string): boolean {
  return key === 'Enter' || key === ' ';
}

export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
