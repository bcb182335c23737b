import type { ComponentPropsWithRef } from 'react';
import { toggleClass, type ToggleLook } from './styles';

export type ToggleProps = Omit<ComponentPropsWithRef<'button'>, 'aria-pressed'> & {
  /** On or off: becomes `aria-pressed`, and the sky look when on. */
  readonly pressed: boolean;
  /** `chip` (a count that shows a kind of line) unless `tag` (a small mono switch beside a title). */
  readonly look?: ToggleLook;
};

/**
 * A button that stays on or off (`aria-pressed`). `type` is "button"; every other prop (aria-label, title, disabled,
 * onClick) goes to the `<button>`. `className` adds layout, not looks.
 */
export function Toggle({ pressed, look = 'chip', className, ...rest }: ToggleProps) {
  const c = toggleClass(look, pressed);
  return <button type="button" aria-pressed={pressed} className={className ? `${c} ${className}` : c} {...rest} />;
}
