import { planBash, planHugeBash } from './bash';
import type { JsonObject } from './common';
import { CHANGES, COMMENTS, READ_REMINDER, WORDS, ident } from './corpus';
import { rejection, toolError, type Outcome, type PlannedTool } from './outcome';
import { DIRS, type RepoFile, codeLines } from './repo';
import { toolUseId } from './rng';
import { Gen } from './run';

// Tool calls: which tool the agent picks, and what Read, Edit, Write, Grep, Glob, TodoWrite and Task are asked and answer.

type ToolName = 'Read' | 'Bash' | 'Edit' | 'Grep' | 'Glob' | 'Write' | 'TodoWrite' | 'Task';

const MAIN_TOOLS: readonly (readonly [ToolName, number])[] = [
  ['Read', 30],
  ['Bash', 25],
  ['Edit', 15],
  ['Grep', 10],
  ['Glob', 5],
  ['Write', 4],
  ['TodoWrite', 5],
  ['Task', 3],
];
const SUB_TOOLS: readonly (readonly [ToolName, number])[] = [
  ['Read', 45],
  ['Grep', 30],
  ['Glob', 15],
  ['Bash', 10],
];

export function planTool(g: Gen, sub: boolean): PlannedTool {
  g.stats.toolCalls++;
  const id = toolUseId(g.rng);
  const huge = sub ? 0 : g.takeHuge();
  if (huge > 0) return planHugeBash(g, id, huge);
  const name = g.rng.weighted(sub ? SUB_TOOLS : MAIN_TOOLS);
  const tool = planNamedTool(g, id, name, sub);
  const deniable = name === 'Bash' || name === 'Edit' || name === 'Write';
  if (deniable && !sub && g.dialect === 'claude-code' && g.rng.chance(0.012)) tool.outcome = rejection();
  return tool;
}

function planNamedTool(g: Gen, id: string, name: ToolName, sub: boolean): PlannedTool {
  switch (name) {
    case 'Read':
      return planRead(g, id, sub);
    case 'Bash':
      return planBash(g, id, sub);
    case 'Edit':
      return planEdit(g, id);
    case 'Grep':
      return planGrep(g, id);
    case 'Glob':
      return planGlob(g, id);
    case 'Write':
      return planWrite(g, id);
    case 'TodoWrite':
      return planTodo(g, id);
    case 'Task':
      return planTask(g, id);
  }
}

function numbered(lines: readonly string[], firstLine: number): string {
  const out: string[] = new Array<string>(lines.length);
  for (let i = 0; i < lines.length; i++) out[i] = `${String(firstLine + i).padStart(6, ' ')}→${lines[i] ?? ''}`;
  return out.join('\n');
}

/** How many lines from `start` fit into `maxChars`. */
function fitLines(lines: readonly string[], start: number, maxChars: number): number {
  let chars = 0;
  let n = 0;
  while (start + n < lines.length && chars < maxChars) {
    chars += (lines[start + n]?.length ?? 0) + 11;
    n++;
  }
  return Math.max(1, n);
}

function planRead(g: Gen, id: string, sub: boolean): PlannedTool {
  const r = g.rng;
  const cap = sub ? Math.min(g.outputCap(), 8_000) : g.outputCap();
  const big = !sub && cap > 20_000 && r.chance(0.15);
  const file = big ? r.pick(g.repo.bigFiles) : r.pick(g.repo.files);
  const filePath = `${g.cwd}/${file.path}`;
  if (!big && r.chance(0.03)) {
    return {
      id,
      name: 'Read',
      input: { file_path: `${g.cwd}/${file.path.replace('.ts', '.tsx')}` },
      outcome: toolError('File does not exist.'),
    };
  }
  const want = Math.min(cap, big ? r.logUniform(20_000, 200_000) : r.logUniform(600, 14_000));
  const whole = file.text.length + file.lines.length * 11 <= want;
  const start = whole || big ? 0 : r.int(Math.max(1, file.lines.length - 20));
  const count = whole ? file.lines.length : fitLines(file.lines, start, want);
  const slice = file.lines.slice(start, start + count);
  const input: JsonObject = whole ? { file_path: filePath } : { file_path: filePath, offset: start + 1, limit: count };
  const structured = {
    type: 'text',
    file: {
      filePath,
      content: slice.join('\n'),
      numLines: slice.length,
      startLine: start + 1,
      totalLines: file.lines.length,
    },
  };
  return { id, name: 'Read', input, outcome: { content: numbered(slice, start + 1) + READ_REMINDER, structured } };
}

function editPatch(file: RepoFile, start: number, oldLines: string[], newLines: string[]): JsonObject {
  const before = file.lines.slice(Math.max(0, start - 3), start);
  const after = file.lines.slice(start + oldLines.length, start + oldLines.length + 3);
  const first = start - before.length + 1;
  const lines = [
    ...before.map((l) => ` ${l}`),
    ...oldLines.map((l) => `-${l}`),
    ...newLines.map((l) => `+${l}`),
    ...after.map((l) => ` ${l}`),
  ];
  return {
    oldStart: first,
    oldLines: before.length + oldLines.length + after.length,
    newStart: first,
    newLines: before.length + newLines.length + after.length,
    lines,
  };
}

function planEdit(g: Gen, id: string): PlannedTool {
  const r = g.rng;
  const file = g.repo.smallFile(r, g.outputCap());
  const filePath = `${g.cwd}/${file.path}`;
  const start = r.int(Math.max(1, file.lines.length - 4));
  const oldLines = file.lines.slice(start, start + r.range(1, 4));
  const indent = /^\s*/.exec(oldLines[0] ?? '')?.[0] ?? '';
  const newLines = [`${indent}// ${r.pick(COMMENTS)}`, ...oldLines.map((l) => l.replace(/;$/, ' ?? null;'))];
  const oldString = oldLines.join('\n');
  const newString = newLines.join('\n');
  const input = { file_path: filePath, old_string: oldString, new_string: newString };
  if (r.chance(0.05))
    return {
      id,
      name: 'Edit',
      input,
      outcome: toolError(`String to replace not found in file.\nString: ${oldString}`),
    };
  const structured = {
    filePath,
    oldString,
    newString,
    originalFile: file.text,
    structuredPatch: [editPatch(file, start, oldLines, newLines)],
    userModified: false,
    replaceAll: false,
  };
  const content = `The file ${filePath} has been updated successfully.`;
  return { id, name: 'Edit', input, outcome: { content, structured, editedFile: file.path } };
}

function planWrite(g: Gen, id: string): PlannedTool {
  const r = g.rng;
  const path = `${r.pick(DIRS)}/${ident(r)}.ts`;
  const filePath = `${g.cwd}/${path}`;
  const lines = codeLines(r, Math.max(5, Math.min(r.logUniform(15, 250), Math.floor(g.outputCap() / 60))));
  const content = lines.join('\n');
  const structured = { type: 'create', filePath, content, structuredPatch: [] };
  const outcome: Outcome = { content: `File created successfully at: ${filePath}`, structured, editedFile: path };
  return { id, name: 'Write', input: { file_path: filePath, content }, outcome };
}

function planGrep(g: Gen, id: string): PlannedTool {
  const r = g.rng;
  const pattern = ident(r);
  const hits: string[] = [];
  const n = r.logUniform(1, 60);
  for (let i = 0; i < n; i++) {
    const f = r.pick(g.repo.files);
    const lineNo = r.int(f.lines.length);
    hits.push(`${f.path}:${lineNo + 1}:${f.lines[lineNo] ?? ''}`);
  }
  if (r.chance(0.5)) {
    const files = [...new Set(hits.map((h) => h.slice(0, h.indexOf(':'))))];
    const structured = { mode: 'files_with_matches', filenames: files, numFiles: files.length };
    const content = `Found ${files.length} file${files.length === 1 ? '' : 's'}\n${files.join('\n')}`;
    return {
      id,
      name: 'Grep',
      input: { pattern, output_mode: 'files_with_matches' },
      outcome: { content, structured },
    };
  }
  const content = hits.join('\n');
  const structured = { mode: 'content', numFiles: 0, filenames: [], content, numLines: hits.length };
  return {
    id,
    name: 'Grep',
    input: { pattern, path: g.cwd, output_mode: 'content', '-n': true },
    outcome: { content, structured },
  };
}

function planGlob(g: Gen, id: string): PlannedTool {
  const r = g.rng;
  const dir = r.pick(DIRS);
  const filenames = g.repo.files.filter((f) => f.path.startsWith(dir)).map((f) => `${g.cwd}/${f.path}`);
  const structured = { filenames, durationMs: r.range(3, 120), numFiles: filenames.length, truncated: false };
  const content = filenames.length > 0 ? filenames.join('\n') : 'No files found';
  return { id, name: 'Glob', input: { pattern: `${dir}/**/*.ts` }, outcome: { content, structured } };
}

function planTodo(g: Gen, id: string): PlannedTool {
  const r = g.rng;
  const oldTodos = g.todos;
  const newTodos: JsonObject[] = [];
  const n = r.range(3, 7);
  for (let i = 0; i < n; i++) {
    const content = g.fill(r.pick(CHANGES)).replace(/^./, (c) => c.toUpperCase());
    newTodos.push({
      content,
      status: r.pick(['pending', 'in_progress', 'completed']),
      activeForm: `Working on ${r.pick(WORDS)}s`,
    });
  }
  g.todos = newTodos;
  const content =
    'Todos have been modified successfully. Ensure that you continue to use the todo list to track ' +
    'your progress. Please proceed with the current tasks if applicable';
  return {
    id,
    name: 'TodoWrite',
    input: { todos: newTodos },
    outcome: { content, structured: { oldTodos, newTodos } },
  };
}

function planTask(g: Gen, id: string): PlannedTool {
  const r = g.rng;
  const description = `Explore ${r.pick(WORDS)} ${r.pick(WORDS)} handling`;
  const prompt =
    `Explore the codebase to understand how ${ident(r)} and ${ident(r)} work. Focus on:\n\n` +
    `1. Where ${r.pick(WORDS)}s are parsed\n2. How ${r.pick(WORDS)} offsets are tracked\n3. Any tests covering it\n\n` +
    'Return a summary of the key functions, with file paths and line numbers.';
  const task = { description, prompt, subagentType: 'Explore' };
  return { id, name: 'Task', input: { description, prompt, subagent_type: 'Explore' }, outcome: null, task };
}
