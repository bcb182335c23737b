// What the CLI talks to and what it learns from where it runs: shared by every command, so none imports main.

export interface CliIo {
  readonly out: (s: string) => void;
  readonly err: (s: string) => void;
}

/** What the CLI learns from where it runs: the bundle a worker thread starts, the environment and home folder. */
export interface CliContext {
  readonly workerUrl?: URL;
  readonly env?: Readonly<Record<string, string | undefined>>;
  readonly home?: string;
  /** The terminal's width when the report goes to one (reports are narrowed to it); none when piped. */
  readonly columns?: number;
}
