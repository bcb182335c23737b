import type { ComponentPropsWithRef } from 'react';
import { FIELD_CLASS, fieldClass, type ButtonSize } from './styles';

type FieldLook = {
  /** `compact` (24 px, dialogs and toolbars) unless `normal` (28 px, a page's form). */
  readonly size?: ButtonSize;
  /** Monospace 12 px: for URLs, patterns, links. */
  readonly mono?: boolean;
};

const join = (look: string, className: string | undefined) => (className ? `${look} ${className}` : look);

export type TextInputProps = Omit<ComponentPropsWithRef<'input'>, 'size'> & FieldLook;

/** A one-line text field (text, url, password, search). `className` adds layout (width, flex), not looks. */
export function TextInput({ size = 'compact', mono = false, type = 'text', className, ...rest }: TextInputProps) {
  return <input type={type} className={join(fieldClass(size, mono), className)} {...rest} />;
}

export type SelectProps = Omit<ComponentPropsWithRef<'select'>, 'size'> & Omit<FieldLook, 'mono'>;

/** A native select drawn as the kit's fields are. */
export function Select({ size = 'compact', className, ...rest }: SelectProps) {
  return <select className={join(`${fieldClass(size)} pr-0.5`, className)} {...rest} />;
}

export type TextAreaProps = ComponentPropsWithRef<'textarea'> & Pick<FieldLook, 'mono'>;

/** A text box of several lines. */
export function TextArea({ mono = false, className, ...rest }: TextAreaProps) {
  return (
    <textarea className={join(`${FIELD_CLASS} p-1.5${mono ? ' font-mono text-[12px]' : ''}`, className)} {...rest} />
  );
}
