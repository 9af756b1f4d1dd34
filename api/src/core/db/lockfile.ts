import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

/**
 * Takes an exclusive lock file (holding our pid) for a folder only one process may use: PGlite's data folder.
 * Unlike a PostgreSQL server, PGlite does not stop a second process from opening the same folder, and two
 * writers corrupt it. The lock sits beside the folder (`<dir>.lock`), not inside it, because PGlite runs
 * initdb on a folder without a database. A lock left by a dead process is taken over.
 * Returns the release function (idempotent).
 */
export function acquireDirLock(dir: string): () => void {
  mkdirSync(path.dirname(dir), { recursive: true });
  const lockPath = `${dir}.lock`;
  const token = `${process.pid}\n`;
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, token);
      closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          if (readFileSync(lockPath, 'utf8') === token) unlinkSync(lockPath);
        } catch {
          // already gone
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = Number.parseInt(readSafe(lockPath), 10);
      if (Number.isInteger(holder) && holder > 0 && isAlive(holder)) {
        throw new Error(`数据目录 ${dir} 正被进程 ${holder} 使用（PGlite 只能由一个进程打开）`);
      }
      try {
        unlinkSync(lockPath); // stale lock of a dead process
      } catch {
        // someone else removed it first; try again
      }
    }
  }
  throw new Error(`无法锁定数据目录 ${dir}`);
}

function readSafe(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
