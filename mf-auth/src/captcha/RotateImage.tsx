import { useRef, useState, type KeyboardEvent } from 'react';
import { CAPTCHA } from 'shared-kernel';
import { pngSrc } from '../api/captcha';
import { ResultBar } from './ResultBar';
import { CAPTCHA_TEXTS } from './texts';
import type { VariantProps } from './types';
import { arrowStep, clamp, isSubmitKey, usePointerDrag } from './use-pointer-drag';

const RANGE = CAPTCHA.rotateRange;
/** The slider handle's width (px): the track's travel is its width less this. */
const HANDLE_PX = 44;

/**
 * Rotate (SPEC §9: 0 to 360 degrees): the slider turns the round picture clockwise; releasing answers the angle.
 * Arrow keys turn it by 1 degree (Shift: 10), Enter answers.
 */
export function RotateImage({ challenge, locked, result, onStart, onAnswer }: VariantProps) {
  const { data } = challenge;
  const [angle, setAngle] = useState(0);
  const angleRef = useRef(0);
  const startRef = useRef(0);
  const trackRef = useRef<HTMLDivElement>(null);

  const turn = (next: number) => {
    angleRef.current = clamp(next, 0, RANGE);
    setAngle(angleRef.current);
  };
  const submit = () => {
    if (angleRef.current > 0) onAnswer(`${Math.round(angleRef.current)}`);
  };
  /** Degrees per px of the handle's travel (jsdom has no layout: one degree per px). */
  const perPx = () => {
    const travel = (trackRef.current?.clientWidth ?? 0) - HANDLE_PX;
    return travel > 0 ? RANGE / travel : 1;
  };
  const drag = usePointerDrag({
    disabled: locked,
    onStart: () => {
      startRef.current = angleRef.current;
      onStart();
    },
    onMove: (dx) => turn(startRef.current + dx * perPx()),
    onEnd: submit,
  });
  const onKeyDown = (event: KeyboardEvent) => {
    if (locked) return;
    const step = arrowStep(event.key, event.shiftKey);
    if (step && step.dx !== 0) {
      event.preventDefault();
      onStart();
      turn(angleRef.current + step.dx);
    } else if (isSubmitKey(event.key)) {
      event.preventDefault();
      submit();
    }
  };
  const fraction = angle / RANGE;

  return (
    <div className="ma-captcha-rotate">
      <p className="ma-captcha-instruction">{CAPTCHA_TEXTS.rotateHint}</p>
      <div className="ma-rotate-stage">
        <div className="ma-rotate-frame" style={{ width: data.width, maxWidth: '100%', aspectRatio: `${data.width} / ${data.height}` }}>
          <img
            className="ma-rotate-img"
            src={pngSrc(data.image_base64 ?? '')}
            alt="待旋转的图片"
            draggable={false}
            style={{ transform: `rotate(${angle}deg)` }}
          />
          <ResultBar result={result} />
        </div>
      </div>
      <div className={`ma-slider${result?.kind === 'success' ? ' ma-slider-ok' : ''}${result?.kind === 'failure' ? ' ma-slider-fail' : ''}`} ref={trackRef}>
        <div className="ma-slider-fill" style={{ width: `calc(${fraction} * (100% - ${HANDLE_PX}px) + ${HANDLE_PX / 2}px)` }} />
        {angle === 0 && <span className="ma-slider-text">{CAPTCHA_TEXTS.rotateHint}</span>}
        <div
          className="ma-slider-handle"
          role="slider"
          tabIndex={locked ? -1 : 0}
          data-autofocus=""
          aria-label={CAPTCHA_TEXTS.rotateLabel}
          aria-valuemin={0}
          aria-valuemax={RANGE}
          aria-valuenow={Math.round(angle)}
          aria-valuetext={`${Math.round(angle)}度`}
          aria-disabled={locked || undefined}
          style={{ left: `calc(${fraction} * (100% - ${HANDLE_PX}px))`, width: HANDLE_PX }}
          onKeyDown={onKeyDown}
          {...drag}
        >
          <span aria-hidden="true">↻</span>
        </div>
      </div>
    </div>
  );
}
