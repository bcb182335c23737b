// Folder inputs: every browser supports `webkitdirectory`, React renders it, but its types lack it. Declared here so
// that the attribute is in the server-rendered HTML (a ref that sets it would leave the input a file input until
// hydration).
import 'react';

declare module 'react' {
  interface InputHTMLAttributes<T> {
    webkitdirectory?: '' | undefined;
  }
}
