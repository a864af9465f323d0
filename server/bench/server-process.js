/**
 * The bench server process (bench/server.js) for the benches: started with `workers` Strapi processes on one port
 * (BENCH_WORKERS), Node's `nodeArgs` and `env` added to the environment, resolved once it prints its port;
 * stopped with SIGTERM.
 */
const { spawn } = require('node:child_process');
const path = require('node:path');

const appDir = path.resolve(__dirname, '..');

/** Starts bench/server.js; resolves with { child, base } (base: http://127.0.0.1:<port>). */
function startServer({ workers = 1, nodeArgs = [], env: extra = {} } = {}) {
  return new Promise((resolve, reject) => {
    const env = { ...process.env, ...extra, BENCH_WORKERS: String(workers) };
    const child = spawn(process.execPath, [...nodeArgs, path.join(__dirname, 'server.js')], { cwd: appDir, env, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const m = /PORT=(\d+)/.exec(out);
      if (m) resolve({ child, base: `http://127.0.0.1:${m[1]}` });
    });
    child.on('exit', (code) => reject(new Error(`bench server exited (${code})`)));
  });
}

/** SIGTERM to the bench server; resolves when it has exited. */
function stopServer(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  child.removeAllListeners('exit');
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  return exited;
}

/**
 * CPU seconds (user + system, every thread: V8's GC helpers included) the bench server has used so far: the
 * process and its cluster workers, read from Linux's /proc; null elsewhere or when it cannot be read.
 */
function serverCpuSeconds(child) {
  const fs = require('node:fs');
  const tick = 100; // USER_HZ, 100 on Linux
  const of = (pid) => {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / tick;
  };
  try {
    const pid = child.pid;
    const kids = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
    return [pid, ...kids].reduce((sum, p) => sum + of(p), 0);
  } catch {
    return null;
  }
}

module.exports = { startServer, stopServer, serverCpuSeconds };
