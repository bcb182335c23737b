// Shared types and constants of the transcript generator.

export type Dialect = 'claude-code' | 'sdk-stream';

export interface GenerateOptions {
  dialect: Dialect;
  /** Wanted file size; the result lands within ±2% for targets of 1 MB and more. */
  targetBytes: number;
  seed?: number;
  /** When set, one tool_result line of about this many bytes is placed in the middle of the file. */
  hugeLineBytes?: number;
}

export interface GenerateResult {
  path: string;
  bytes: number;
  lines: number;
  /** Distinct API responses (message ids), subagent ones included. */
  apiMessages: number;
  /** tool_use blocks, subagent ones included. */
  toolCalls: number;
}

export type Json = string | number | boolean | null | Json[] | JsonObject;
export type JsonObject = { [key: string]: Json | undefined };
export type Lines<R = void> = Generator<string, R, undefined>;

export const CC_VERSION = '2.1.39';
export const MAIN_MODEL = 'claude-opus-4-6';
export const SMALL_MODEL = 'claude-haiku-4-5-20251001';
export const MB = 1_000_000;
