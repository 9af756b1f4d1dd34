// s3rver in a process of its own for the tests (test/s3-helpers.ts): started with --openssl-legacy-provider, since
// s3rver's list continuation tokens use DES, which OpenSSL 3 keeps in its legacy provider. Prints the port; exits
// when its parent closes stdin (so a killed test run leaves no server behind).
const S3rver = require('s3rver');

const [directory, ...buckets] = process.argv.slice(2);
const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: buckets.map((name) => ({ name, configs: [] })) });
server.run().then(
  ({ port }) => process.stdout.write(`${port}\n`),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
process.stdin.on('end', () => server.close().finally(() => process.exit(0)));
process.stdin.resume();
