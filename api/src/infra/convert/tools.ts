import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

export interface ToolRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
}

/** Output kept of a tool (its messages; files are written to disk). */
const MAX_OUTPUT = 64 * 1024;

/** The full path of a program on PATH, or null. */
export function which(program: string, env: NodeJS.ProcessEnv = process.env): string | null {
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, program);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not in this folder
    }
  }
  return null;
}

/**
 * Runs a program in its own process group (detached) and kills the whole group with SIGKILL when `timeoutMs`
 * passes: LibreOffice's launcher starts soffice.bin as a child, and killing the launcher alone would leave it.
 * Rejects only when the program cannot be started (ENOENT and the like).
 */
export function runTool(command: string, args: string[], timeoutMs: number, onStart?: (pid: number) => void): Promise<ToolRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LC_ALL: 'C.UTF-8' } });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    child.stdout.on('data', (c: Buffer) => {
      if (stdout.length < MAX_OUTPUT) stdout += c.toString('utf8');
    });
    child.stderr.on('data', (c: Buffer) => {
      if (stderr.length < MAX_OUTPUT) stderr += c.toString('utf8');
    });
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup(child.pid);
    }, Math.max(1, timeoutMs));
    child.on('spawn', () => {
      if (child.pid) onStart?.(child.pid);
    });
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      // a timed-out group may still hold a grandchild that ignored the first signal's parent: kill it again
      if (timedOut) killGroup(child.pid);
      resolve({ code, signal, stdout, stderr, timedOut });
    });
  });
}

function killGroup(pid: number | undefined): void {
  if (!pid) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // the group is gone already
  }
}
