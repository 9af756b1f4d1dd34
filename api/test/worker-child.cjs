// A conversion worker process for test/uploads-workers.test.ts: the built worker entry (dist/worker-main.js, what
// `npm run worker -w api` runs) with a converter that takes TEST_CONVERT_MS per job, so that a kill lands mid-job.
// Prints `ready <worker id>` once it takes jobs and `start job-<id>-<attempt>` as each job starts; exits when its
// parent closes stdin (a killed test run leaves no worker behind), and cleanly on SIGTERM.
const path = require('node:path');
const { startWorkerProcess } = require('../dist/worker-main.js');

const ms = Number(process.env.TEST_CONVERT_MS || 300);
async function slowConvert(input) {
  process.stdout.write(`start ${path.basename(input.workDir)}\n`);
  input.onProgress?.('converting', 10);
  await new Promise((resolve) => setTimeout(resolve, ms));
  return { previewPdf: null, pages: 1, text: '多个转换进程分担的队列测试文档，正文足够长，可以进入搜索索引。'.repeat(3), cover: null, thumbnails: [] };
}

startWorkerProcess(process.env, slowConvert).then(
  (worker) => {
    process.stdout.write(`ready ${worker.app.uploads.queue.workerId}\n`);
    const stop = () => worker.stop().then(() => process.exit(0), () => process.exit(1));
    process.once('SIGTERM', stop);
    process.stdin.on('end', stop);
    process.stdin.resume();
  },
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
