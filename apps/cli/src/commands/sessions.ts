import type { CliOptions } from "../args/parse-args.js";
import { EXIT } from "../cli-error.js";
import type { CliIO } from "../cli-io.js";
import { SessionStore, sessionsDir } from "../session/session-store.js";

function when(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * `agentscope sessions`: lists the saved sessions (the SQLite store, and JSON files of earlier
 * versions not imported yet), most recent first, with when each was saved and how many messages
 * it holds.
 */
export async function listSessions(options: CliOptions, io: CliIO): Promise<number> {
  const store = new SessionStore(sessionsDir(options.sessionsDir, io.env));
  let sessions: Awaited<ReturnType<SessionStore["list"]>>;
  try {
    sessions = await store.list();
  } finally {
    await store.close();
  }
  if (sessions.length === 0) {
    io.stdout.write(
      `No saved sessions in ${store.dir}. Start one with: agentscope --session NAME\n`,
    );
    return EXIT.ok;
  }
  const width = Math.max(...sessions.map((s) => s.name.length), 4);
  io.stdout.write(`${"NAME".padEnd(width)}  SAVED             MESSAGES\n`);
  for (const s of sessions) {
    io.stdout.write(
      `${s.name.padEnd(width)}  ${when(s.savedAt)}  ${s.messages === undefined ? "?" : s.messages}\n`,
    );
  }
  io.stdout.write(`(in ${store.dir}; resume with: agentscope --session NAME)\n`);
  return EXIT.ok;
}
