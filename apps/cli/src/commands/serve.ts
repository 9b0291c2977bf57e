import { parseArgs } from "node:util";
import { ReActAgent, setLogger, setLogLevel, Toolkit, ValidationError } from "@agentscope-ts/core";
import { type AgentServerOptions, createAgentServer } from "@agentscope-ts/server";
import { AGENT_NAME } from "../agent/set-up-agent.js";
import { SERVE_HELP } from "../args/help-text.js";
import { CliError, EXIT } from "../cli-error.js";
import type { CliIO } from "../cli-io.js";
import { openCliLogger } from "../logging/open-cli-logger.js";
import { chooseModel } from "../model/model-choice.js";
import { maskedLogger } from "../serve/serve-logger.js";
import { openStorage, planStorage } from "../serve/serve-storage.js";
import { cliVersion } from "../version.js";

function usage(message: string): CliError {
  return new CliError(`${message} (see agentscope serve --help)`, { exitCode: EXIT.usage });
}

function tokensFrom(list: readonly string[], env: NodeJS.ProcessEnv): Record<string, string> {
  const all = [...list, ...(env.AGENTSCOPE_SERVER_TOKENS ?? "").split(",")].filter((s) => s.trim());
  const tokens: Record<string, string> = {};
  for (const entry of all) {
    const cut = entry.indexOf("=");
    if (cut <= 0 || cut === entry.length - 1) {
      throw usage("--token takes TOKEN=USER (a token and the user id it stands for)");
    }
    tokens[entry.slice(0, cut).trim()] = entry.slice(cut + 1).trim();
  }
  return tokens;
}

/**
 * `agentscope serve`: serves a chat agent (the chosen model, no tools) over HTTP with
 * `@agentscope-ts/server` until `stop` aborts (Ctrl-C or SIGTERM when run from the command line),
 * its sessions where the storage flags say (SQLite in the agent home by default).
 * Prints `listening on http://HOST:PORT (model …, <storage>)` once ready.
 */
export async function runServe(
  argv: readonly string[],
  io: CliIO,
  stop?: AbortSignal,
): Promise<number> {
  let values: ReturnType<typeof parse>["values"];
  try {
    values = parse(argv).values;
  } catch (error) {
    throw usage((error as Error).message);
  }
  // As for the other commands: --version wins over everything, then --help.
  if (values.version) {
    io.stdout.write(`${cliVersion()}\n`);
    return EXIT.ok;
  }
  if (values.help) {
    io.stdout.write(SERVE_HELP);
    return EXIT.ok;
  }
  const port = Number(values.port ?? "8080");
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw usage(`--port must be a whole number from 0 to 65535, got '${values.port}'`);
  }
  const tokens = tokensFrom(values.token ?? [], io.env);
  if (Object.keys(tokens).length === 0 && !values["allow-anonymous"]) {
    throw usage("serve needs --token TOKEN=USER (or --allow-anonymous for local use)");
  }
  const plan = planStorage(
    {
      redis: values.redis,
      postgres: values.postgres,
      store: values.store,
      inMemory: values["in-memory"],
    },
    io.env,
    io.cwd,
  );
  const choice = chooseModel(
    {
      ...(values.model !== undefined ? { model: values.model } : {}),
      ...(values["base-url"] !== undefined ? { baseUrl: values["base-url"] } : {}),
    },
    io.env,
  );
  let logs: Awaited<ReturnType<typeof openCliLogger>>;
  try {
    logs = await openCliLogger({
      level: values["log-level"],
      file: values["log-file"],
      stderr: io.stderr,
    });
  } catch (error) {
    if (error instanceof ValidationError) throw usage(error.message);
    throw error;
  }
  const storage = await openStorage(plan);
  let loaded: Awaited<ReturnType<typeof choice.provider.load>>;
  try {
    loaded = await choice.provider.load(choice, { stderr: io.stderr, env: io.env });
  } catch (error) {
    await storage.backend.close().catch(() => undefined);
    storage.release();
    throw error;
  }
  const sysPrompt = values["sys-prompt"] ?? `You are ${AGENT_NAME}, a helpful assistant.`;
  const options: AgentServerOptions = {
    agents: {
      [AGENT_NAME.toLowerCase()]: () =>
        new ReActAgent({
          name: AGENT_NAME,
          sysPrompt,
          model: loaded.model,
          formatter: loaded.formatter,
          toolkit: new Toolkit(),
        }),
    },
    ...(Object.keys(tokens).length > 0 ? { tokens } : { allowAnonymous: true }),
    backend: storage.backend,
    logger: logs.logger,
  };
  const server = createAgentServer(options);
  // The library's own warnings go to the same JSON lines, with the server's secrets masked.
  setLogger(maskedLogger(logs.logger, server.runner.mask), { level: "debug" });
  try {
    const bound = await server.listen(port, values.host ?? "127.0.0.1");
    // Runs a killed earlier process left in progress resume now rather than at the first sweep
    // (one lease TTL later); on Redis, only those whose lease lapsed.
    for (const key of await storage.backend.listActive(100)) {
      await server.runner.recover(key).catch(() => false);
    }
    io.stdout.write(
      `listening on http://${values.host ?? "127.0.0.1"}:${bound} (model ${loaded.label}, ${storage.description})\n`,
    );
    const signal = stop ?? processStopSignal();
    if (!signal.aborted) {
      await new Promise<void>((resolve) => signal.addEventListener("abort", () => resolve()));
    }
    return EXIT.ok;
  } finally {
    await server.close({ interrupt: true });
    storage.release();
    await loaded.dispose?.();
    setLogger(null);
    setLogLevel("info");
    await logs.close();
  }
}

function parse(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    strict: true,
    allowPositionals: false,
    options: {
      help: { type: "boolean", short: "h" },
      version: { type: "boolean", short: "V" },
      model: { type: "string", short: "m" },
      "base-url": { type: "string" },
      port: { type: "string", short: "p" },
      host: { type: "string" },
      token: { type: "string", multiple: true },
      "allow-anonymous": { type: "boolean" },
      redis: { type: "string" },
      postgres: { type: "string" },
      store: { type: "string" },
      "in-memory": { type: "boolean" },
      "sys-prompt": { type: "string" },
      debug: { type: "boolean" },
      "log-level": { type: "string" },
      "log-file": { type: "string" },
    },
  });
}

function processStopSignal(): AbortSignal {
  const controller = new AbortController();
  const stop = () => controller.abort();
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  return controller.signal;
}
