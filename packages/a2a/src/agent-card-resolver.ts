import { readFile, stat } from "node:fs/promises";
import { AgentCard } from "@a2a-js/sdk";
import { DefaultAgentCardResolver } from "@a2a-js/sdk/client";
import { isLegacyAgentCard, parseLegacyAgentCard } from "@a2a-js/sdk/compat/v0_3/client";
import { ValidationError } from "@agentscope-ts/core";
import { A2AConnectionError, errorMessage } from "./a2a-connection-error.js";
import { AGENT_CARD_WELL_KNOWN_PATH } from "./a2a-fetch-handler.js";
import { DEFAULT_TIMEOUT_MS } from "./timeout.js";

/** Fetches an A2A agent card from somewhere: AgentScope's `AgentCardResolverBase`. */
export abstract class AgentCardResolverBase {
  /** The agent card. */
  abstract getAgentCard(): Promise<AgentCard>;
}

/** Resolves to a card object given in code. */
export class FixedAgentCardResolver extends AgentCardResolverBase {
  readonly #card: AgentCard;

  constructor(card: AgentCard) {
    super();
    this.#card = normalizeAgentCard(card, "agent card");
  }

  /** The card given to the constructor. */
  async getAgentCard(): Promise<AgentCard> {
    return this.#card;
  }
}

/** Loads an agent card from a JSON file: AgentScope's `FileAgentCardResolver`. */
export class FileAgentCardResolver extends AgentCardResolverBase {
  readonly filePath: string;

  constructor(filePath: string) {
    super();
    this.filePath = filePath;
  }

  /** Reads and validates the card file. */
  async getAgentCard(): Promise<AgentCard> {
    const info = await stat(this.filePath).catch(() => null);
    if (!info) {
      throw new ValidationError("agent card file", [
        { path: "filePath", message: `file not found: ${this.filePath}` },
      ]);
    }
    if (!info.isFile()) {
      throw new ValidationError("agent card file", [
        { path: "filePath", message: `not a file: ${this.filePath}` },
      ]);
    }
    let json: unknown;
    try {
      json = JSON.parse(await readFile(this.filePath, "utf8"));
    } catch (error) {
      throw new ValidationError("agent card file", [
        { path: "filePath", message: `${this.filePath} is not JSON: ${errorMessage(error)}` },
      ]);
    }
    return normalizeAgentCard(json, `agent card in ${this.filePath}`);
  }
}

/** The options of {@link WellKnownAgentCardResolver}. */
export interface WellKnownAgentCardResolverOptions {
  /**
   * The agent's base URL, e.g. `http://127.0.0.1:8000` or `http://host/a2a/friday` (a path is a
   * prefix of the card's path), or the card's own URL when it ends in `.json`.
   */
  baseUrl: string;
  /** The card's path under the base URL. Defaults to `/.well-known/agent-card.json`. */
  agentCardPath?: string;
  /** How long to wait for the card, in milliseconds. Default 600 000 (as AgentScope). */
  timeout?: number;
  /** The `fetch` to use (for auth headers or proxies). */
  fetchImpl?: typeof fetch;
}

/** Fetches an agent card from its well-known URL: AgentScope's `WellKnownAgentCardResolver`. */
export class WellKnownAgentCardResolver extends AgentCardResolverBase {
  readonly baseUrl: string;
  readonly agentCardPath: string | undefined;
  readonly timeout: number;
  readonly #fetch: typeof fetch | undefined;

  constructor(options: WellKnownAgentCardResolverOptions) {
    super();
    let url: URL;
    try {
      url = new URL(options.baseUrl);
    } catch {
      throw new ValidationError("agent base URL", [
        {
          path: "baseUrl",
          message: `not an absolute URL: '${options.baseUrl}' (e.g. http://127.0.0.1:8000)`,
        },
      ]);
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") {
      throw new ValidationError("agent base URL", [
        { path: "baseUrl", message: `use http: or https:, got '${url.protocol}'` },
      ]);
    }
    this.baseUrl = options.baseUrl;
    this.agentCardPath = options.agentCardPath;
    this.timeout = options.timeout ?? DEFAULT_TIMEOUT_MS;
    this.#fetch = options.fetchImpl;
  }

  /** Fetches the card; an unreachable server or a timeout is an {@link A2AConnectionError}. */
  async getAgentCard(): Promise<AgentCard> {
    const resolver = new DefaultAgentCardResolver({
      legacyCompat: { enabled: true },
      // The signal also bounds reading the body.
      fetchImpl: (input, init) =>
        (this.#fetch ?? fetch)(input, { ...init, signal: AbortSignal.timeout(this.timeout) }),
    });
    // A URL ending in `.json` is the card itself; otherwise its path is a prefix the card's path
    // goes under (`http://host/a2a/friday` → `http://host/a2a/friday/.well-known/agent-card.json`).
    const url = new URL(this.baseUrl);
    const isCard = this.agentCardPath === undefined && url.pathname.endsWith(".json");
    if (!isCard && !url.pathname.endsWith("/")) url.pathname += "/";
    const path = isCard
      ? ""
      : (this.agentCardPath ?? AGENT_CARD_WELL_KNOWN_PATH).replace(/^\//, "");
    try {
      const card = await resolver.resolve(url.href, path);
      return normalizeAgentCard(card, `agent card from ${this.baseUrl}`);
    } catch (error) {
      if (error instanceof ValidationError) throw error;
      throw new A2AConnectionError(
        `Failed to resolve the A2A agent card from ${this.baseUrl}: ${errorMessage(error)}`,
        { cause: error },
      );
    }
  }
}

/** Checks the fields a client needs and fills in the optional lists. */
export function normalizeAgentCard(value: unknown, what: string): AgentCard {
  const issues: { path: string; message: string }[] = [];
  if (!value || typeof value !== "object" || Array.isArray(value)) {
    throw new ValidationError(what, [{ path: "", message: "expected a JSON object" }]);
  }
  // A v0.3 card (top-level `url`, as AgentScope Python's a2a-sdk 0.3 writes): the SDK's compat
  // layer translates it, marking its interfaces 0.3 so the client speaks v0.3 to it.
  if (isLegacyAgentCard(value)) {
    try {
      value = parseLegacyAgentCard(value);
    } catch (error) {
      throw new ValidationError(what, [
        { path: "", message: `not a valid v0.3 card: ${errorMessage(error)}` },
      ]);
    }
  }
  // A card in the protocol's JSON form (a file, or a served card the SDK did not convert) has its
  // security schemes as `{ "httpAuthSecurityScheme": {…} }`; the SDK's parser reads that form.
  if (hasJsonSecuritySchemes(value)) value = AgentCard.fromJSON(value);
  const card = value as Partial<AgentCard> & { url?: unknown };
  if (typeof card.name !== "string" || !card.name)
    issues.push({ path: "name", message: "required string" });
  const interfaces = card.supportedInterfaces;
  if (!Array.isArray(interfaces) || interfaces.length === 0) {
    issues.push({
      path: "supportedInterfaces",
      message:
        "required: at least one { url, protocolBinding: 'JSONRPC' | 'HTTP+JSON', protocolVersion: '1.0' } (or a v0.3 card with a top-level 'url')",
    });
  }
  if (issues.length > 0) throw new ValidationError(what, issues);
  const defaults: Omit<AgentCard, "name" | "supportedInterfaces"> = {
    description: "",
    version: "",
    provider: undefined,
    capabilities: { streaming: true, extensions: [] },
    securitySchemes: {},
    securityRequirements: [],
    defaultInputModes: [],
    defaultOutputModes: [],
    skills: [],
    signatures: [],
  };
  return { ...defaults, ...(card as AgentCard) };
}

// True when a scheme is written `{ httpAuthSecurityScheme: … }` rather than the SDK's
// `{ scheme: { $case, value } }`.
function hasJsonSecuritySchemes(value: unknown): boolean {
  const schemes = (value as { securitySchemes?: unknown }).securitySchemes;
  if (!schemes || typeof schemes !== "object") return false;
  return Object.values(schemes).some(
    (scheme) => scheme && typeof scheme === "object" && !("scheme" in scheme),
  );
}
