import { join, resolve } from "node:path";
import { PlanNotebook, ReActAgent } from "@agentscope-ts/core";
import type { CliOptions } from "../args/parse-args.js";
import type { CliIO } from "../cli-io.js";
import type { LoadedEmbedding } from "../knowledge/embedding-choice.js";
import type { OpenedKnowledge } from "../knowledge/open-knowledge.js";
import type { McpConnections } from "../mcp/connect-mcp-servers.js";
import { loadMcpConfig } from "../mcp/mcp-config.js";
import { type AskYesNo, downloadConsent } from "../model/download-consent.js";
import type { LoadedModel } from "../model/loaded-model.js";
import { chooseModel, type ModelChoice } from "../model/model-choice.js";
import { modelTimeoutMs } from "../model/model-timeout.js";
import { agentscopeHome, SessionStore, sessionsDir } from "../session/session-store.js";
import type { LoadedTts } from "../speech/load-tts-model.js";
import { chooseTts, type TtsChoice } from "../speech/tts-choice.js";
import type { AskUser, ConfirmPolicy } from "../tools/confirmation.js";
import { BUILTIN_TOOL_NAMES, createToolkit } from "../tools/create-toolkit.js";
import { defaultSystemPrompt } from "./system-prompt.js";

/** How long stopping the MCP servers and freeing the model may take before the CLI goes on. */
const CLOSE_TIMEOUT_MS = 3000;

/** The agent's name in the terminal. */
export const AGENT_NAME = "Friday";

/** How code-running tools are guarded in this run. */
export interface ToolConsent {
  /** The policy. */
  policy: ConfirmPolicy;
  /** Asks the user (chat). */
  ask?: AskUser;
  /**
   * Asks before downloading a model that is not on disk (chat on a terminal); without it, a
   * download needs `--yes`.
   */
  askDownload?: AskYesNo;
}

/** An agent ready to talk, with everything it holds. */
export interface AgentSetup {
  /** The agent. */
  agent: ReActAgent;
  /** Which model and why. */
  choice: ModelChoice;
  /** The loaded model. */
  loaded: LoadedModel;
  /** The MCP servers, if `--mcp-config` was given. */
  mcp: McpConnections | undefined;
  /** The session store and name, if `--session` was given. */
  session: { store: SessionStore; name: string; resumed: boolean } | undefined;
  /** The knowledge base from `--knowledge`, with what was ingested. */
  knowledge: OpenedKnowledge | undefined;
  /** The voice from `--speak` / `--speak-to` (and `--tts`), if any, and why it was chosen. */
  tts: (LoadedTts & { choice: TtsChoice }) | undefined;
  /** How many tools the agent has: built-in and from MCP servers. */
  toolCounts: { builtin: number; mcp: number };
  /** Saves the session, if any. */
  save(): Promise<void>;
  /** Stops the MCP servers and frees the model. */
  close(): Promise<void>;
}

/**
 * Builds the agent from the command line: picks the model (failing fast on a bad name or a missing
 * key), checks the MCP config and starts its servers, loads the model (importing only its
 * provider's package; the local model may be downloaded), creates the toolkit (built-in tools
 * guarded by `consent`, plus MCP tools), the plan notebook with `--plan`, and resumes the
 * `--session`. Whatever was started is stopped again if a later step fails. Aborting `signal`
 * (the user quitting) stops the MCP servers still starting and rejects.
 */
export async function setUpAgent(
  options: CliOptions,
  io: CliIO,
  consent: ToolConsent,
  signal?: AbortSignal,
): Promise<AgentSetup> {
  const choice = chooseModel(options, io.env);
  const ttsChoice = chooseTts(options, io.env, choice);
  const confirmDownload = downloadConsent({
    yes: options.yes,
    ...(consent.askDownload ? { ask: consent.askDownload } : {}),
  });
  const servers = options.mcpConfig ? await loadMcpConfig(options.mcpConfig, io.env) : [];
  const toolkit = createToolkit({
    builtins: !options.noTools,
    policy: consent.policy,
    ...(consent.ask ? { ask: consent.ask } : {}),
    trustedMcpServers: new Set(servers.filter((s) => s.trusted).map((s) => s.name)),
  });

  let mcp: McpConnections | undefined;
  let loaded: LoadedModel | undefined;
  let embedding: LoadedEmbedding | undefined;
  let opened: OpenedKnowledge | undefined;
  let tts: AgentSetup["tts"];
  // Bounded: a server that does not stop in time must not keep the CLI from exiting.
  const close = async () => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      Promise.allSettled([
        mcp?.close(),
        loaded?.dispose?.(),
        embedding?.dispose?.(),
        Promise.resolve().then(() => opened?.close()),
        tts?.model.close(),
      ]),
      new Promise((resolve) => {
        timer = setTimeout(resolve, CLOSE_TIMEOUT_MS);
      }),
    ]);
    clearTimeout(timer);
  };
  try {
    if (servers.length > 0) {
      const { connectMcpServers } = await import("../mcp/connect-mcp-servers.js");
      mcp = await connectMcpServers(servers, toolkit, {
        configFile: resolve(io.cwd, options.mcpConfig as string),
        logDir: join(agentscopeHome(io.env), "logs"),
        debug: options.debug,
        ...(options.mcpTimeout !== undefined ? { startTimeoutMs: options.mcpTimeout * 1000 } : {}),
        ...(signal ? { signal } : {}),
      });
    }
    loaded = await choice.provider.load(choice, {
      ...(options.maxTokens !== undefined ? { maxTokens: options.maxTokens } : {}),
      ...(options.contextSize !== undefined ? { contextSize: options.contextSize } : {}),
      ...(options.threads !== undefined ? { threads: options.threads } : {}),
      stderr: io.stderr,
      env: io.env,
      confirmDownload,
    });
    // Every provider's model is a ChatModelBase: its `timeout` bounds each silent wait.
    const timeoutMs = modelTimeoutMs(choice.provider.id, options.modelTimeout);
    if (timeoutMs !== undefined) loaded.model.timeout = timeoutMs;

    if (options.knowledge !== undefined) {
      // Imported on first use: readers and SQLite load only with --knowledge.
      const { loadEmbeddingModel } = await import("../knowledge/embedding-choice.js");
      const { openKnowledge } = await import("../knowledge/open-knowledge.js");
      embedding = await loadEmbeddingModel(choice, io.env, io.stderr, confirmDownload);
      opened = await openKnowledge({
        path: resolve(io.cwd, options.knowledge),
        home: agentscopeHome(io.env),
        embedding,
        stderr: io.stderr,
      });
      toolkit.registerToolFunction(opened.knowledge.asTool());
    }

    if (ttsChoice) {
      const { loadTtsModel } = await import("../speech/load-tts-model.js");
      tts = { ...(await loadTtsModel(ttsChoice)), choice: ttsChoice };
    }

    const planNotebook = options.plan ? new PlanNotebook() : undefined;
    const sysPrompt =
      options.sysPrompt ??
      defaultSystemPrompt({
        agentName: AGENT_NAME,
        builtinTools: !options.noTools,
        mcpServers: servers.map((s) => s.name),
        plan: options.plan,
        cwd: io.cwd,
        platform: process.platform,
      });
    const agent = new ReActAgent({
      name: AGENT_NAME,
      sysPrompt,
      model: loaded.model,
      formatter: loaded.formatter,
      toolkit,
      ...(planNotebook ? { planNotebook } : {}),
      ...(opened ? { knowledge: opened.knowledge } : {}),
      ...(options.maxIters !== undefined ? { maxIters: options.maxIters } : {}),
      ...(tts ? { ttsModel: tts.model } : {}),
    });
    // The terminal shows the agent's stream events; its own printing stays off.
    agent.setConsoleOutputEnabled(false);

    let session: AgentSetup["session"];
    if (options.session !== undefined) {
      const store = new SessionStore(sessionsDir(options.sessionsDir, io.env));
      const resumed = await store.load(options.session, agent);
      session = { store, name: options.session, resumed };
    }
    let mcpTools = 0;
    for (const names of mcp?.tools.values() ?? []) mcpTools += names.length;
    const loadedModel = loaded;
    return {
      agent,
      choice,
      loaded: loadedModel,
      mcp,
      session,
      knowledge: opened,
      tts,
      toolCounts: { builtin: options.noTools ? 0 : BUILTIN_TOOL_NAMES.length, mcp: mcpTools },
      save: async () => {
        if (session) await session.store.save(session.name, agent);
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
