import { useRef, useState, type KeyboardEvent } from 'react';
import { pngSrc } from '../api/captcha';
import { ResultBar } from './ResultBar';
import { CAPTCHA_TEXTS } from './texts';
import type { VariantProps } from './types';
import { arrowStep, clamp, isSubmitKey, usePointerDrag } from './use-pointer-drag';

interface Point {
  x: number;
  y: number;
}

/**
 * Drag tile (SPEC §2): the tile starts at (tile_x, tile_y) and is dragged anywhere over the picture; dropping it
 * answers "x,y", its top-left corner in the picture's pixels. Arrow keys move it (Shift: 10 px), Enter drops it.
 */
export function DragTile({ challenge, locked, result, onStart, onAnswer }: VariantProps) {
  const { data } = challenge;
  const tileW = data.tile_width ?? 50;
  const tileH = data.tile_height ?? 50;
  const initial = { x: data.tile_x ?? 0, y: data.tile_y ?? 0 };
  const [pos, setPos] = useState<Point>(initial);
  const posRef = useRef<Point>(initial);
  const startRef = useRef<Point>(initial);
  const frameRef = useRef<HTMLDivElement>(null);

  const move = (p: Point) => {
    posRef.current = { x: clamp(p.x, 0, data.width - tileW), y: clamp(p.y, 0, data.height - tileH) };
    setPos(posRef.current);
  };
  const moved = () => posRef.current.x !== initial.x || posRef.current.y !== initial.y;
  const submit = () => {
    if (moved()) onAnswer(`${Math.round(posRef.current.x)},${Math.round(posRef.current.y)}`);
  };
  const scale = () => (frameRef.current?.clientWidth || data.width) / data.width;
  const drag = usePointerDrag({
    disabled: locked,
    onStart: () => {
      startRef.current = posRef.current;
      onStart();
    },
    onMove: (dx, dy) => move({ x: startRef.current.x + dx / scale(), y: startRef.current.y + dy / scale() }),
    onEnd: submit,
  });
  const onKeyDown = (event: KeyboardEvent) => {
    if (locked) return;
    const step = arrowStep(event.key, event.shiftKey);
    if (step) {
      event.preventDefault();
      onStart();
      move({ x: posRef.current.x + step.dx, y: posRef.current.y + step.dy });
    } else if (isSubmitKey(event.key)) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <div className="ma-captcha-drag">
      <p className="ma-captcha-instruction">{CAPTCHA_TEXTS.dragHint}</p>
      <div ref={frameRef} className="ma-captcha-frame" style={{ aspectRatio: `${data.width} / ${data.height}` }}>
        <img className="ma-captcha-bg" src={pngSrc(data.image_base64 ?? '')} alt="拼图背景" draggable={false} />
        <div
          className="ma-drag-tile"
          role="button"
          tabIndex={locked ? -1 : 0}
          data-autofocus=""
          aria-label={CAPTCHA_TEXTS.dragLabel}
          aria-disabled={locked || undefined}
          style={{
            left: `${(pos.x / data.width) * 100}%`,
            top: `${(pos.y / data.height) * 100}%`,
            width: `${(tileW / data.width) * 100}%`,
            height: `${(tileH / data.height) * 100}%`,
          }}
          onKeyDown={onKeyDown}
          {...drag}
        >
          <img src={pngSrc(data.thumb_base64 ?? '')} alt="" draggable={false} />
        </div>
        <ResultBar result={result} />
      </div>
    </div>
  );
}
