import type { ComponentPropsWithRef } from 'react';
import { buttonClass, type ButtonSize, type ButtonVariant } from './styles';

export type ButtonProps = ComponentPropsWithRef<'button'> & {
  /** `plain` (bordered), `primary` (the one action of a form), `quiet` (no border: ✕, toggles), `danger` (deletes). */
  readonly variant?: ButtonVariant;
  readonly size?: ButtonSize;
};

/**
 * A button of the kit. `type` is "button" unless given (a form submits only through a `type="submit"` one); every
 * other prop (aria-*, autoFocus, disabled, ref, title) goes to the `<button>`. `className` adds layout (margins,
 * shrink), not looks.
 */
export function Button({ variant = 'plain', size = 'normal', type = 'button', className, ...rest }: ButtonProps) {
  return (
    <button
      type={type}
      className={className ? `${buttonClass(variant, size)} ${className}` : buttonClass(variant, size)}
      {...rest}
    />
  );
}
