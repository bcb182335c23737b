import type { ChangeEvent, ComponentPropsWithRef, ReactNode } from 'react';
import { labelButtonClass, type ButtonSize, type ButtonVariant } from './styles';

export type FilePickerProps = Omit<ComponentPropsWithRef<'input'>, 'type' | 'children' | 'onChange' | 'size'> & {
  /** What the button says (`Choose files…`). */
  readonly children: ReactNode;
  /** The input's accessible name (`Choose files`): what a screen reader and a test find it by. */
  readonly 'aria-label': string;
  /** A folder instead of files (`webkitdirectory`, which React does not know, set on the element). */
  readonly folder?: boolean;
  readonly onFiles: (files: FileList | null, e: ChangeEvent<HTMLInputElement>) => void;
  readonly variant?: ButtonVariant;
  readonly size?: ButtonSize;
  /** On the label: a hover note. */
  readonly title?: string;
};

/**
 * A button that opens the file chooser: the `<input type="file">` is inside the label, visually hidden but
 * focusable, so Tab reaches it, Enter or Space opens it and the label shows the focus ring. Other props (accept,
 * multiple, disabled, ref) go to the input.
 */
export function FilePicker({
  children,
  folder = false,
  onFiles,
  variant = 'plain',
  size = 'normal',
  title,
  ...input
}: FilePickerProps) {
  return (
    <label title={title} className={labelButtonClass(variant, size)}>
      {children}
      <input
        type="file"
        className="sr-only"
        {...(folder ? { webkitdirectory: '' } : {})}
        {...input}
        onChange={(e) => onFiles(e.target.files, e)}
      />
    </label>
  );
}
