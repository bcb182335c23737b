export function privateDataDir(dir: string): string | undefined;
