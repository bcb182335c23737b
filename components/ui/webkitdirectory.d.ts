// Folder inputs: every browser supports `webkitdirectory`, React renders it, but its types lack it. Declared here so
// that the attribute is in the server-rendered HTML (a ref that sets it would leave the input a file input until
// hydration).
import 'react';

declare module 'react' {
  // Merged with React's declaration, whose type parameter must be named the same.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface InputHTMLAttributes<T> {
    webkitdirectory?: '' | undefined;
  }
}
