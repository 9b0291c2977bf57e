import {
  consoleLogger,
  formatTimestamp,
  type LogLevelName,
  type RunIdentity,
  resetWarnOnce,
  setLogger,
  setLogLevel,
  setRunIdentity,
  shortUuid,
} from "@agentscope-ts/core";
import { setupTracing, type TracingHandle } from "@agentscope-ts/otel";
import { connectStudio, type StudioConnection } from "@agentscope-ts/studio";
import { type LogFile, openLogFile } from "./log-file.js";
import { teeLogger } from "./tee-logger.js";

/** Options of {@link init}, AgentScope's `init` arguments in camelCase. */
export interface InitOptions {
  /** The project the run belongs to. Default `UnnamedProject_At<YYYYMMDD>`. */
  project?: string;
  /** The run's name. Default `<HHMMSS>_<4 random characters>`. */
  name?: string;
  /** The run's id. Default a fresh short uuid. */
  runId?: string;
  /** The lowest level logged: `DEBUG`, `INFO`, `WARNING`, `ERROR` (or lower case). Default `INFO`. */
  loggingLevel?: LogLevelName;
  /** Also write the logs to this file, as JSON lines, rotated (see `openLogFile`). */
  loggingPath?: string;
  /** Studio's URL: registers the run, forwards messages and user input (and traces, see `tracingUrl`). */
  studioUrl?: string;
  /** An OTLP/HTTP endpoint for traces. Default: Studio's `{studioUrl}/v1/traces` when `studioUrl` is given. */
  tracingUrl?: string;
}

/** What {@link init} set up. */
export interface AgentScopeRun extends RunIdentity {
  /** The Studio connection, when `studioUrl` was given. */
  readonly studio: StudioConnection | null;
  /** The tracing set up for `tracingUrl` (Studio's own tracing is inside `studio`). */
  readonly tracing: TracingHandle | null;
  /** The log file, when `loggingPath` was given. */
  readonly logFile: LogFile | null;
  /**
   * Undoes the set-up: disconnects Studio (sending its waiting calls), flushes and stops tracing,
   * flushes and closes the log file, and puts the console logger back.
   */
  shutdown(): Promise<void>;
}

function pad(n: number): string {
  return String(n).padStart(2, "0");
}

let active: AgentScopeRun | null = null;

/**
 * Sets up a run in one call, as AgentScope's `init`: names it (project, name, run id, visible to
 * hooks through core's `getRunIdentity()`, to tracing as the conversation id and to Studio),
 * sets the log level and a rotating JSON-lines log file, connects Studio and starts tracing
 * (to `tracingUrl`, else to Studio). A second call shuts the first set-up down and replaces it.
 */
export async function init(options: InitOptions = {}): Promise<AgentScopeRun> {
  await active?.shutdown();
  const now = new Date();
  const identity: RunIdentity = {
    project:
      options.project ??
      `UnnamedProject_At${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}`,
    name:
      options.name ??
      `${pad(now.getHours())}${pad(now.getMinutes())}${pad(now.getSeconds())}_${shortUuid().slice(0, 4)}`,
    runId: options.runId ?? shortUuid(),
    createdAt: formatTimestamp(now),
  };
  const level = options.loggingLevel ?? "INFO";
  setLogLevel(level);
  resetWarnOnce();
  let logFile: LogFile | null = null;
  let studio: StudioConnection | null = null;
  let tracing: TracingHandle | null = null;
  try {
    if (options.loggingPath !== undefined) {
      logFile = await openLogFile({
        path: options.loggingPath,
        level,
        base: { project: identity.project, run_id: identity.runId },
      });
      setLogger(teeLogger(consoleLogger, logFile.logger));
    }
    setRunIdentity(identity);
    if (options.studioUrl !== undefined) {
      studio = await connectStudio({
        url: options.studioUrl,
        project: identity.project,
        name: identity.name,
        runId: identity.runId,
        // Traces go to Studio unless another endpoint is given, as AgentScope's init.
        tracing: options.tracingUrl === undefined,
      });
    }
    if (options.tracingUrl !== undefined) {
      tracing = setupTracing({ endpoint: options.tracingUrl, conversationId: identity.runId });
    }
  } catch (error) {
    await stop(studio, tracing, logFile);
    throw error;
  }
  let closing: Promise<void> | undefined;
  const run: AgentScopeRun = {
    ...identity,
    studio,
    tracing,
    logFile,
    shutdown() {
      closing ??= (async () => {
        if (active === run) active = null;
        await stop(studio, tracing, logFile);
      })();
      return closing;
    },
  };
  active = run;
  return run;
}

async function stop(
  studio: StudioConnection | null,
  tracing: TracingHandle | null,
  logFile: LogFile | null,
): Promise<void> {
  await studio?.disconnect();
  await tracing?.shutdown();
  setRunIdentity(null);
  if (logFile) {
    setLogger(null);
    await logFile.close();
  }
}

/** Shuts down the set-up of the last {@link init} (nothing when there is none). */
export async function shutdown(): Promise<void> {
  await active?.shutdown();
}
