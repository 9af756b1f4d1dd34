import { access, copyFile, link, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { runTool, which } from './tools';
import { ConversionError, type UploadType } from './types';

/** The LibreOffice program on PATH (Debian names it soffice, some installs only libreoffice). */
export function officeProgram(): string | null {
  return which('soffice') ?? which('libreoffice');
}

/** Called with the process group's id while a conversion runs (tests check that the group is gone after). */
export const officeHooks: { onStart?: (pgid: number) => void } = {};

/**
 * An office file to PDF with LibreOffice headless: a fresh profile per job (two jobs never share one, and a crash
 * cannot leave a locked profile behind), the whole process group killed at `timeoutMs`. Returns the PDF's path.
 */
export async function officeToPdf(file: string, type: UploadType, workDir: string, timeoutMs: number): Promise<string> {
  const program = officeProgram();
  if (!program) throw new ConversionError('文档转换服务未就绪（服务器未安装 LibreOffice），文件将等待转换', { code: 'converter_missing' });
  const outDir = join(workDir, 'office-out');
  await mkdir(outDir, { recursive: true });
  const profile = await mkdtemp(join(workDir, 'lo-profile-'));
  // LibreOffice picks its import filter partly by the extension; stored files have none
  const input = join(workDir, `source.${type}`);
  await link(file, input).catch(() => copyFile(file, input));
  const args = [
    '--headless', '--norestore', '--nologo', '--nodefault', '--nolockcheck',
    `-env:UserInstallation=${pathToFileURL(profile).href}`,
    '--convert-to', 'pdf', '--outdir', outDir, input,
  ];
  try {
    const run = await runTool(program, args, timeoutMs, officeHooks.onStart).catch((err: unknown) => {
      throw new ConversionError('文档转换服务无法启动（LibreOffice 不可用）', { cause: err, code: 'converter_missing' });
    });
    if (run.timedOut) throw new ConversionError(`转换超时（超过${Math.ceil(timeoutMs / 1000)}秒）`, { code: 'timeout' });
    if (run.signal) throw new ConversionError('文档转换失败（转换程序异常退出，文件可能已损坏）', { cause: run.signal });
    if (run.code !== 0) throw new ConversionError(`文档转换失败（LibreOffice 退出码 ${run.code}）`, { cause: run.stderr });
    const pdf = join(outDir, 'source.pdf');
    const made = await access(pdf).then(() => true, () => false);
    if (!made) throw new ConversionError('文档转换失败（未生成 PDF，文件可能已损坏或格式不受支持）', { cause: run.stderr || run.stdout });
    return pdf;
  } finally {
    await rm(profile, { recursive: true, force: true });
    await rm(input, { force: true });
  }
}
