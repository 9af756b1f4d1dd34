import { CAPTCHA } from 'shared-kernel';
import { pngSrc } from '../api/captcha';
import { ResultBar } from './ResultBar';
import { CAPTCHA_TEXTS } from './texts';
import type { VariantProps } from './types';
import { sliderClass, useSlider } from './use-pointer-drag';

const RANGE = CAPTCHA.rotateRange;
/** The slider handle's width (px): the track's travel is its width less this. */
const HANDLE_PX = 44;

/**
 * Rotate (SPEC §9: 0 to 360 degrees): the slider turns the round picture clockwise; releasing answers the angle.
 * Arrow keys turn it by 1 degree (Shift: 10), Home/End to the ends, Enter answers.
 */
export function RotateImage({ challenge, locked, result, onStart, onAnswer }: VariantProps) {
  const { data } = challenge;
  const { value: angle, trackRef, drag, onKeyDown } = useSlider({
    max: RANGE,
    locked,
    onStart,
    onAnswer: (value) => onAnswer(`${Math.round(value)}`),
    // degrees per px of the handle's travel (jsdom has no layout: one degree per px)
    unitsPerPx: (track) => {
      const travel = (track?.clientWidth ?? 0) - HANDLE_PX;
      return travel > 0 ? RANGE / travel : 1;
    },
  });
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
      <div className={sliderClass(result)} ref={trackRef}>
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
