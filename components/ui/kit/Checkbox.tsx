import type { ComponentPropsWithRef, ReactNode } from 'react';
import { FOCUS_RING } from './styles';

export type CheckboxProps = Omit<ComponentPropsWithRef<'input'>, 'type' | 'onChange' | 'children'> & {
  readonly checked: boolean;
  readonly onChange: (checked: boolean) => void;
  /** The words after the box; the whole label toggles it. */
  readonly children: ReactNode;
};

/**
 * A native checkbox inside its label (a click on the words toggles it; its name is the words). `onChange` gets the
 * new state; every other prop (disabled, title, aria-*) goes to the `<input>`. `className` is the label's layout.
 */
export function Checkbox({ checked, onChange, children, className, ...rest }: CheckboxProps) {
  return (
    <label className={`flex items-center gap-1${className ? ` ${className}` : ''}`}>
      <input
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        className={`rounded-sm ${FOCUS_RING}`}
        {...rest}
      />
      {children}
    </label>
  );
}
