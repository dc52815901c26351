/**
 * Dovecot, from Debian (dovecot-imapd), as the real peer of the mail reader's tests (DESIGN.md
 * §24): started by the test with a throwaway configuration in a temporary directory (plain-text
 * login on 127.0.0.1 and a random port, one user in a passwd file, a maildir in the same
 * directory, no TLS), and filled with IMAP APPEND as a mail server's delivery would.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { ImapFlow } from 'imapflow';
import { freePort } from './free-port.ts';

export const DOVECOT_PATH = process.env.DOVECOT_PATH ?? '/usr/sbin/dovecot';

export interface DovecotPeer {
  /** IMAP_URL of the support mailbox (INBOX). */
  url: string;
  /** Puts a raw mail into `folder` (INBOX), as delivery would. */
  append(raw: string | Buffer, folder?: string): Promise<void>;
  /** The mails of a folder: UID, flags and raw text. */
  list(folder: string): Promise<{ uid: number; flags: string[]; raw: string }[]>;
  /** UIDVALIDITY of a folder. */
  uidValidity(folder: string): Promise<string>;
  /** Stops the server (every session drops) and starts it again on the same port and mailbox. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

const USER = 'desk';
const PASSWORD = 'mailbox-secret';

/**
 * The configuration: everything under `directory`. Dovecot runs its login and mail processes as
 * an unprivileged user; under root that is `nobody`, otherwise the current user.
 */
function dovecotConfig(directory: string, port: number, account: { user: string; group: string; uid: number; gid: number }) {
  return `base_dir = ${directory}/run
state_dir = ${directory}/state
log_path = ${directory}/dovecot.log
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
# The tests sign in with a wrong password on purpose: no growing delay for it.
auth_failure_delay = 0
default_login_user = ${account.user}
default_internal_user = ${account.user}
default_internal_group = ${account.group}
first_valid_uid = ${account.uid}
first_valid_gid = ${account.gid}
mail_privileged_group =
service imap-login {
  chroot =
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
service anvil {
  chroot =
}
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${directory}/passwd
}
userdb {
  driver = static
  args = uid=${account.uid} gid=${account.gid} home=${directory}/home/%u
}
mail_location = maildir:${directory}/home/%u/Maildir
`;
}

async function waitUntilListening(port: number, child: ChildProcess, output: () => string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    if (child.exitCode !== null) throw new Error(`Dovecot exited (${child.exitCode}):\n${output()}`);
    const open = await new Promise<boolean>((resolve) => {
      const probe = createServer();
      probe.once('error', () => resolve(true));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(false)));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Dovecot did not listen:\n${output()}`);
}

export async function startDovecot(): Promise<DovecotPeer> {
  if (!existsSync(DOVECOT_PATH))
    throw new Error(
      `Dovecot (${DOVECOT_PATH}) is missing: npm test installs it when run as root, or: sudo apt-get install -y dovecot-imapd`,
    );
  const directory = await mkdtemp(path.join(tmpdir(), 'dovecot-'));
  // Dovecot's unprivileged processes read the passwd file and write the maildir.
  await chmod(directory, 0o755);
  const me = userInfo();
  const root = me.uid === 0;
  const account = root
    ? { user: 'nobody', group: 'nogroup', uid: 65534, gid: 65534 }
    : { user: me.username, group: me.username, uid: me.uid, gid: me.gid };
  await mkdir(path.join(directory, 'home'));
  if (root) await chown(path.join(directory, 'home'), account.uid, account.gid);
  await writeFile(path.join(directory, 'passwd'), `${USER}:{PLAIN}${PASSWORD}\n`, { mode: 0o644 });
  const port = await freePort();
  const configFile = path.join(directory, 'dovecot.conf');
  await writeFile(configFile, dovecotConfig(directory, port, account));
  let log = '';
  const launch = async () => {
    // A process group of its own: a restart ends the sessions' processes too, as a crash of the server would.
    const started = spawn(DOVECOT_PATH, ['-F', '-c', configFile], { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    started.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
    started.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
    await waitUntilListening(port, started, () => log);
    return started;
  };
  /**
   * Ends the server with every session it serves. SIGTERM alone may leave a session's process
   * serving an IDLE connection past the restart, and the test would see no drop.
   */
  const halt = async (running: ChildProcess) => {
    const exited = running.exitCode === null ? new Promise((resolve) => running.once('exit', resolve)) : Promise.resolve();
    if (running.pid !== undefined) process.kill(-running.pid, 'SIGKILL');
    await exited;
  };
  let child = await launch();

  async function withClient<T>(work: (client: ImapFlow) => Promise<T>): Promise<T> {
    const client = new ImapFlow({ host: '127.0.0.1', port, secure: false, auth: { user: USER, pass: PASSWORD }, logger: false });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.logout();
    }
  }

  return {
    url: `imap://${USER}:${PASSWORD}@127.0.0.1:${port}/INBOX`,
    append: (raw, folder = 'INBOX') => withClient(async (client) => void (await client.append(folder, raw))),
    list: (folder) =>
      withClient(async (client) => {
        const lock = await client.getMailboxLock(folder);
        try {
          if (!client.mailbox || client.mailbox.exists === 0) return [];
          const found: { uid: number; flags: string[]; raw: string }[] = [];
          for await (const message of client.fetch('1:*', { uid: true, flags: true, source: true }))
            found.push({ uid: message.uid, flags: [...(message.flags ?? [])], raw: message.source?.toString('utf8') ?? '' });
          return found;
        } finally {
          lock.release();
        }
      }),
    uidValidity: (folder) =>
      withClient(async (client) => {
        const status = await client.status(folder, { uidValidity: true });
        return status ? String(status.uidValidity) : '';
      }),
    async restart() {
      await halt(child);
      child = await launch();
    },
    async stop() {
      await halt(child);
      await rm(directory, { recursive: true, force: true });
    },
  };
}
