import type { TraceEvent } from '../types';
import { behaviorOf, timeFrom, type NormalizeOptions } from './common';
import { u, unknownEvent, type Head, type RawObject } from './messages';
import { Fast } from './schemas';

// Agent SDK control frames (FORMATS.md §2.11): permission requests and their responses, cancels, keep-alives.

export function normalizeControl(obj: RawObject, opts: NormalizeOptions, h: Head): TraceEvent {
  const r = Fast.ControlLine.safeParse(obj);
  if (!r.success) return unknownEvent(obj, 'control frame without the fields the model needs', opts, h);
  const line = r.data;
  const time = timeFrom(line.timestamp);
  switch (line.type) {
    case 'control_request': {
      const req = line.request;
      return {
        seq: h.seq,
        source: h.src.source,
        line: h.src.line,
        offset: h.src.offset,
        length: h.src.length,
        path: h.path,
        kind: 'control',
        time,
        frame: 'request',
        requestId: u(line.request_id),
        subtype: u(req?.subtype),
        toolName: u(req?.tool_name),
        toolUseId: u(req?.tool_use_id),
      };
    }
    case 'control_response': {
      const res = line.response;
      // request_id of a response sits inside `response` (FORMATS.md §2.11).
      return {
        seq: h.seq,
        source: h.src.source,
        line: h.src.line,
        offset: h.src.offset,
        length: h.src.length,
        path: h.path,
        kind: 'control',
        time,
        frame: 'response',
        requestId: u(res?.request_id) ?? u(line.request_id),
        subtype: u(res?.subtype),
        behavior: behaviorOf(res?.response?.behavior),
        message: u(res?.response?.message),
        toolUseId: u(res?.response?.toolUseID),
        error: u(res?.error),
      };
    }
    case 'control_cancel_request':
      return {
        seq: h.seq,
        source: h.src.source,
        line: h.src.line,
        offset: h.src.offset,
        length: h.src.length,
        path: h.path,
        kind: 'control',
        time,
        frame: 'cancel',
        requestId: u(line.request_id),
      };
    case 'keep_alive':
      return {
        seq: h.seq,
        source: h.src.source,
        line: h.src.line,
        offset: h.src.offset,
        length: h.src.length,
        path: h.path,
        kind: 'control',
        time,
        frame: 'keep_alive',
      };
  }
}
