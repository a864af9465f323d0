import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * bench:lighthouse's `--tls`: a self-signed certificate for 127.0.0.1 (written in `tmp`) and HAProxy terminating
 * TLS with ALPN h2 on 127.0.0.1:`tlsPort` in front of `upstream` (the balancer's TLS line of docs/deploy.md);
 * resolves with the HAProxy process once `base` answers in HTTP/2. @throws Error when openssl or HAProxy fails.
 */
export async function startTlsFront({ root, tmp, upstream: UPSTREAM, tlsPort: TLS_PORT, base: BASE }) {
  const run = (cmd, args) => {
    const res = spawnSync(cmd, args, { encoding: 'utf8', stdio: ['ignore', 'ignore', 'pipe'] });
    if (res.status !== 0) throw new Error(`${cmd} ${args.join(' ')} terminou com ${res.status}: ${res.stderr}`);
  };
  run('sh', [path.join(root, 'scripts/ensure-haproxy.sh')]);
  const key = path.join(tmp, 'key.pem');
  const cert = path.join(tmp, 'cert.pem');
  // prettier-ignore
  run('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1']);
  writeFileSync(path.join(tmp, 'front.pem'), readFileSync(cert, 'utf8') + readFileSync(key, 'utf8'));
  const upstream = new URL(UPSTREAM);
  const config = [
    'global',
    '    maxconn 4096',
    'defaults',
    '    mode http',
    '    timeout connect 2s',
    '    timeout client 60s',
    '    timeout server 60s',
    'frontend tls',
    `    bind 127.0.0.1:${TLS_PORT} ssl crt ${path.join(tmp, 'front.pem')} alpn h2,http/1.1`,
    '    default_backend app',
    'backend app',
    `    server app ${upstream.hostname}:${upstream.port || 80}`,
    '',
  ].join('\n');
  writeFileSync(path.join(tmp, 'front.cfg'), config);
  const front = spawn('haproxy', ['-db', '-f', path.join(tmp, 'front.cfg')], { stdio: ['ignore', 'ignore', 'inherit'] });
  for (let i = 0; i < 50; i++) {
    const res = spawnSync('curl', ['-sk', '--http2', '-o', '/dev/null', '-w', '%{http_version}', `${BASE}/_health`], { encoding: 'utf8' });
    if (res.stdout === '2') return front;
    if (front.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`a frente TLS (HAProxy) não respondeu em HTTP/2 em ${BASE}`);
}
