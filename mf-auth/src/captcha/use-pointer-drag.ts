import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';

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

interface SliderOptions {
  /** The largest value (the smallest is 0). */
  max: number;
  locked: boolean;
  /** First interaction (the captcha's clock starts). */
  onStart: () => void;
  /** Released or Enter with a value above 0. */
  onAnswer: (value: number) => void;
  /** Value units per CSS px of pointer travel along the track. */
  unitsPerPx: (track: HTMLDivElement | null) => number;
}

/**
 * The one slider of the slide and rotate captchas: a value from 0 to max moved by pointer drag along the track
 * or by keys (arrows 1, Shift 10, Home/End to the ends), answered on release or Enter.
 */
export function useSlider({ max, locked, onStart, onAnswer, unitsPerPx }: SliderOptions) {
  const [value, setValue] = useState(0);
  const valueRef = useRef(0);
  const startRef = useRef(0);
  const trackRef = useRef<HTMLDivElement>(null);

  const moveTo = (next: number) => {
    valueRef.current = clamp(next, 0, max);
    setValue(valueRef.current);
  };
  const submit = () => {
    if (valueRef.current > 0) onAnswer(valueRef.current);
  };
  const drag = usePointerDrag({
    disabled: locked,
    onStart: () => {
      startRef.current = valueRef.current;
      onStart();
    },
    onMove: (dx) => moveTo(startRef.current + dx * unitsPerPx(trackRef.current)),
    onEnd: submit,
  });
  const onKeyDown = (event: KeyboardEvent) => {
    if (locked) return;
    const step = arrowStep(event.key, event.shiftKey);
    if (step && step.dx !== 0) {
      event.preventDefault();
      onStart();
      moveTo(valueRef.current + step.dx);
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      onStart();
      moveTo(event.key === 'Home' ? 0 : max);
    } else if (isSubmitKey(event.key)) {
      event.preventDefault();
      submit();
    }
  };
  return { value, trackRef, drag, onKeyDown };
}

/** The slider track's class: green after a success, red after a failure. */
export function sliderClass(result: { kind: string } | null | undefined): string {
  return `ma-slider${result?.kind === 'success' ? ' ma-slider-ok' : ''}${result?.kind === 'failure' ? ' ma-slider-fail' : ''}`;
}
