import { ToolError } from "../errors/tool-error.js";
import { toValidationIssues } from "../errors/validate.js";
import { ValidationError, type ValidationIssue } from "../errors/validation-error.js";
import type { ToolUseBlock } from "../message/content-block.js";
import { setOwn } from "../utils/json-copy.js";
import { validateJsonSchema } from "./json-schema-validator.js";
import type { JsonSchemaObject, ToolDefinition } from "./tool-definition.js";
import type { ToolResponse } from "./tool-response.js";
import { hidePresetArguments, isZodSchema, type ToolFunctionSchema } from "./tool-schema.js";

// biome-ignore lint/suspicious/noConfusingVoidType: a postprocess function may return nothing.
type MaybeResponse = ToolResponse | undefined | void;

/**
 * Called with the tool call and each response (each chunk, for a streaming tool); returning a
 * ToolResponse replaces the response, returning nothing keeps it.
 */
export type ToolPostprocessFunc = (
  toolCall: ToolUseBlock,
  response: ToolResponse,
) => MaybeResponse | Promise<MaybeResponse>;

/** A zod object schema or JSON Schema object that adds fields to a tool's schema at run time. */
export type ExtendedModel = ToolDefinition["parameters"];

/** What {@link RegisteredToolFunction} is built from. */
export interface RegisteredToolFunctionOptions {
  name: string;
  group: string;
  source: "function" | "mcp_server";
  tool: ToolDefinition;
  parameters: JsonSchemaObject;
  description: string;
  presetKwargs?: Record<string, unknown>;
  originalName?: string | undefined;
  mcpName?: string | undefined;
  postprocessFunc?: ToolPostprocessFunc | undefined;
  executionTimeout?: number | null | undefined;
  maxOutputChars?: number | null | undefined;
  asyncExecution?: boolean | undefined;
}

const jsonEqual = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * A tool as the {@link Toolkit} holds it: AgentScope's `RegisteredToolFunction`. Keeps the tool's
 * full parameters schema (to validate input) and the schema the model sees (presets hidden,
 * extended model merged in).
 */
export class RegisteredToolFunction {
  /** The name the model calls the tool by (may differ from `tool.name` after a rename). */
  name: string;
  /** The group the tool belongs to; `"basic"` tools are always active. */
  readonly group: string;
  /** Where the tool came from. */
  readonly source: "function" | "mcp_server";
  /** The tool definition that runs. */
  readonly tool: ToolDefinition;
  /** Arguments set by the developer: merged into every call and hidden from the model. */
  readonly presetKwargs: Readonly<Record<string, unknown>>;
  /** The tool's own name when it was registered under another one. */
  originalName: string | undefined;
  /** The MCP client the tool comes from, if any. */
  readonly mcpName: string | undefined;
  /** Sees (and may replace) every response of the tool. */
  readonly postprocessFunc: ToolPostprocessFunc | undefined;
  /** Milliseconds the tool may run; `undefined` = the toolkit's default, `null` = no limit. */
  readonly executionTimeout: number | null | undefined;
  /** The cap on the text of each result; `undefined` = the toolkit's default, `null` = no cap. */
  readonly maxOutputChars: number | null | undefined;
  /** Whether a call runs in the background and answers with a task id at once. */
  readonly asyncExecution: boolean;
  /** The full parameters schema, presets included. */
  readonly parameters: JsonSchemaObject;
  /** The schema the model sees, without the extended model. */
  readonly jsonSchema: ToolFunctionSchema;

  #extendedModel: ExtendedModel | undefined;
  #extendedParameters: JsonSchemaObject | undefined;
  #extendedJsonSchema: ToolFunctionSchema | undefined;

  constructor(options: RegisteredToolFunctionOptions) {
    this.name = options.name;
    this.group = options.group;
    this.source = options.source;
    this.tool = options.tool;
    this.presetKwargs = { ...options.presetKwargs };
    this.originalName = options.originalName;
    this.mcpName = options.mcpName;
    this.postprocessFunc = options.postprocessFunc;
    this.executionTimeout = options.executionTimeout;
    this.maxOutputChars = options.maxOutputChars;
    this.asyncExecution = options.asyncExecution ?? false;
    this.parameters = options.parameters;
    this.jsonSchema = {
      type: "function",
      function: {
        name: options.name,
        description: options.description,
        parameters: hidePresetArguments(options.parameters, Object.keys(this.presetKwargs)),
      },
    };
  }

  /** Gives the tool a new name (the namesake strategy `rename`). */
  rename(name: string): void {
    this.originalName ??= this.name;
    this.name = name;
    this.jsonSchema.function.name = name;
    if (this.#extendedJsonSchema) this.#extendedJsonSchema.function.name = name;
  }

  /** The extended model set by {@link setExtendedModel}, if any. */
  get extendedModel(): ExtendedModel | undefined {
    return this.#extendedModel;
  }

  /**
   * Adds the fields of `parameters` (the extended model as JSON Schema; `undefined` to remove) to
   * the schema the model sees. A field that already exists, or a `$defs` entry that differs from
   * one of the same name, is an error.
   */
  setExtendedModel(
    model: ExtendedModel | undefined,
    parameters: JsonSchemaObject | undefined,
  ): void {
    if (!model || !parameters) {
      this.#extendedModel = undefined;
      this.#extendedParameters = undefined;
      this.#extendedJsonSchema = undefined;
      return;
    }
    const base = this.jsonSchema.function.parameters;
    const baseProps = base.properties as Record<string, unknown>;
    const props = { ...baseProps };
    const required = [...((base.required as string[] | undefined) ?? [])];
    for (const [key, value] of Object.entries(parameters.properties as Record<string, unknown>)) {
      if (key in baseProps || key in this.presetKwargs) {
        throw new ToolError(
          `The field \`${key}\` already exists in the original function schema of \`${this.name}\`. Try to use a different name.`,
        );
      }
      props[key] = value;
    }
    for (const key of (parameters.required as string[] | undefined) ?? []) {
      if (!required.includes(key)) required.push(key);
    }
    const merged: JsonSchemaObject = { ...base, properties: props };
    if (required.length > 0) merged.required = required;
    const extraDefs = parameters.$defs as Record<string, unknown> | undefined;
    if (extraDefs) {
      const defs = { ...((base.$defs as Record<string, unknown> | undefined) ?? {}) };
      for (const [key, value] of Object.entries(extraDefs)) {
        if (key in defs && !jsonEqual(defs[key], value)) {
          throw new ToolError(
            `The $defs key \`${key}\` conflicts with existing definition in function schema of \`${this.name}\`.`,
          );
        }
        defs[key] = value;
      }
      merged.$defs = defs;
    }
    this.#extendedModel = model;
    this.#extendedParameters = parameters;
    this.#extendedJsonSchema = {
      type: "function",
      function: { ...this.jsonSchema.function, parameters: merged },
    };
  }

  /** The schema the model sees: presets hidden, the extended model merged in when set. */
  get extendedJsonSchema(): ToolFunctionSchema {
    return this.#extendedJsonSchema ?? this.jsonSchema;
  }

  /**
   * Checks the model's `input` against the schema the model sees (presets hidden) and the extended
   * model, then merges the preset arguments in (they win, and are the developer's: not checked
   * against the model-facing schema). Returns what `execute` receives: for zod schemas the parsed
   * value (with defaults applied). Throws a {@link ValidationError} naming every bad field.
   */
  parseInput(input: Record<string, unknown>): Record<string, unknown> {
    const issues: ValidationIssue[] = [];
    const presets = this.presetKwargs;
    const presetKeys = Object.keys(presets);
    const extended = this.#extendedParameters;
    const extendedKeys = new Set(
      extended && this.#extendedModel
        ? Object.keys(extended.properties as Record<string, unknown>)
        : [],
    );
    const baseInput: Record<string, unknown> = {};
    const extendedInput: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(input)) {
      if (Object.hasOwn(presets, key)) continue; // a preset wins over what the model slips in
      setOwn(extendedKeys.has(key) ? extendedInput : baseInput, key, value);
    }
    const parsedExtended =
      extended && this.#extendedModel
        ? parseWith(this.#extendedModel, extended, extendedInput, issues)
        : {};
    const parsed = this.#parseBase(baseInput, presetKeys, issues);
    if (issues.length > 0) {
      throw new ValidationError(`arguments of tool '${this.name}'`, issues, {
        hint: "Call the tool again with arguments that match its JSON schema.",
      });
    }
    return { ...parsed, ...presets, ...parsedExtended };
  }

  /** Parses the model's own arguments: against the schema without the preset arguments. */
  #parseBase(
    input: Record<string, unknown>,
    presetKeys: readonly string[],
    issues: ValidationIssue[],
  ): Record<string, unknown> {
    const schema = this.tool.parameters;
    if (presetKeys.length === 0) return parseWith(schema, this.parameters, input, issues);
    if (!isZodSchema(schema)) {
      return parseWith(schema, this.jsonSchema.function.parameters, input, issues);
    }
    const omit = (schema as { omit?: (mask: Record<string, true>) => unknown }).omit;
    if (typeof omit === "function") {
      const mask = Object.fromEntries(presetKeys.map((k) => [k, true as const]));
      const modelSchema = omit.call(schema, mask) as ExtendedModel;
      return parseWith(modelSchema, this.jsonSchema.function.parameters, input, issues);
    }
    // A zod schema that is no plain object (a pipe, a refinement): only as a whole can it parse.
    const parsed = parseWith(schema, this.parameters, { ...input, ...this.presetKwargs }, issues);
    return parsed;
  }
}

function parseWith(
  schema: ExtendedModel,
  json: JsonSchemaObject,
  input: Record<string, unknown>,
  issues: ValidationIssue[],
): Record<string, unknown> {
  if (isZodSchema(schema)) {
    const result = schema.safeParse(input);
    if (result.success) return result.data as Record<string, unknown>;
    issues.push(...toValidationIssues(result.error, input));
    return input;
  }
  issues.push(...validateJsonSchema(json, input));
  return input;
}
