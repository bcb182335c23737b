import type { Socket } from 'node:net';

export interface ClientErrorAnswer {
  status: number;
  reason: string;
  error: string;
  message: string;
}
export function clientErrorAnswer(code: string | undefined): ClientErrorAnswer;
export function clientErrorResponse(answer: ClientErrorAnswer): string;
export function onClientError(err: Error & { code?: string }, socket: Socket): void;
